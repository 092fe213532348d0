// Preferências: the physician's active preferences, one per secretariat (its shifts, units and minimum
// value). A new one or an edit is the same PUT (by `secretariaId`); deactivating one is that PUT with
// `ativo: false`, which takes it off the list (the API lists the active ones only).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Check, Checkboxes, Field, FormError, lines, Loading, Page, Table, TextArea, useLoad } from '../../components';
import { money, when } from '../../format';
import { errorAt, problem, refusedText, type Refusal } from '../../refusal';
import { amount, amountField, shiftLabel, shiftOptions, type Preference, type Shift } from './model';

export function Preferencias(): JSX.Element {
  const list = useLoad(() => api.GET('/api/plantonista/predilecoes'), []);
  const [editing, setEditing] = useState<Preference | 'nova' | undefined>();
  const [done, setDone] = useState<string>();
  const [failed, setFailed] = useState<string>();

  const deactivate = async (p: Preference) => {
    setDone(undefined);
    setFailed(undefined);
    const { secretariaId, turnos, unidades, valorMinimo } = p;
    const { data, error, response } = await api.PUT('/api/plantonista/predilecoes', {
      body: { secretariaId, turnos, unidades, valorMinimo, ativo: false },
    });
    if (!data) return setFailed(refusedText(response.status, problem(error, response.status).message));
    setDone(`Preferência da secretaria ${secretariaId} desativada.`);
    list.reload();
  };

  return (
    <Page title="Preferências">
      <p class="hint">Por secretaria: os turnos, as unidades e o valor mínimo que aceita.</p>
      {list.error && <Alert>{list.error}</Alert>}
      {failed && <Alert>{failed}</Alert>}
      {done && (
        <Alert kind="info">
          <span data-testid="preferencia-salva">{done}</span>
        </Alert>
      )}
      {editing ? (
        <PreferenceForm
          key={editing === 'nova' ? 'nova' : editing.secretariaId}
          preference={editing === 'nova' ? undefined : editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(p) => {
            setEditing(undefined);
            setDone(`Preferência da secretaria ${p.secretariaId} ${p.ativo ? 'salva' : 'salva como inativa'}.`);
            list.reload();
          }}
        />
      ) : (
        <div class="toolbar">
          <button
            type="button"
            onClick={() => {
              setDone(undefined);
              setEditing('nova');
            }}
          >
            Nova preferência
          </button>
        </div>
      )}
      {!list.data ? (
        !list.error && <Loading what="as preferências" />
      ) : list.data.length === 0 ? (
        <p>Nenhuma preferência ativa.</p>
      ) : (
        <Table>
          <caption>Preferências ativas</caption>
          <thead>
            <tr>
              <th scope="col">Secretaria</th>
              <th scope="col">Turnos</th>
              <th scope="col">Unidades</th>
              <th scope="col" class="num">
                Valor mínimo
              </th>
              <th scope="col">Atualizada em</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((p) => (
              <tr key={p.secretariaId}>
                <td>{p.secretariaId}</td>
                <td>{p.turnos.map((t) => shiftLabel[t]).join(', ') || '—'}</td>
                <td>{p.unidades.join(', ') || '—'}</td>
                <td class="num">{p.valorMinimo ? money(p.valorMinimo) : '—'}</td>
                <td>{when(p.atualizadoEm)}</td>
                <td>
                  <div class="row-actions">
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`Editar a preferência da secretaria ${p.secretariaId}`}
                      onClick={() => {
                        setDone(undefined);
                        setEditing(p);
                      }}
                    >
                      Editar
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`Desativar a preferência da secretaria ${p.secretariaId}`}
                      onClick={() => void deactivate(p)}
                    >
                      Desativar
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Page>
  );
}

function PreferenceForm(props: {
  preference: Preference | undefined;
  onCancel: () => void;
  onSaved: (p: Preference) => void;
}): JSX.Element {
  const { preference } = props;
  const [secretariaId, setSecretariaId] = useState(preference?.secretariaId ?? '');
  const [turnos, setTurnos] = useState<Shift[]>(preference?.turnos ?? []);
  const [unidades, setUnidades] = useState((preference?.unidades ?? []).join('\n'));
  const [valor, setValor] = useState(amountField(preference?.valorMinimo ?? null));
  const [ativo, setAtivo] = useState(preference?.ativo ?? true);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const { data, error, response } = await api.PUT('/api/plantonista/predilecoes', {
      body: {
        secretariaId: secretariaId.trim(),
        turnos: shiftOptions.map(([s]) => s).filter((s) => turnos.includes(s)),
        unidades: lines(unidades),
        valorMinimo: amount(valor),
        ativo,
      },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    props.onSaved(data);
  };

  const title = preference ? `Editar a preferência da secretaria ${preference.secretariaId}` : 'Nova preferência';
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="preferencia-form-title" class="form-block panel" noValidate>
      <h2 id="preferencia-form-title">{title}</h2>
      <FormError refusal={refusal} fields={['secretariaId', 'turnos', 'unidades', 'valorMinimo', 'ativo']} />
      <Field
        label="Secretaria"
        value={secretariaId}
        required
        readOnly={preference !== undefined}
        maxLength={64}
        hint={
          preference
            ? 'A preferência é da secretaria: para outra, crie uma nova.'
            : 'O código da secretaria: letras, dígitos, _ ou - (até 64).'
        }
        error={errorAt(refusal, 'secretariaId')}
        onInput={(e) => setSecretariaId(e.currentTarget.value)}
      />
      <Checkboxes legend="Turnos" options={shiftOptions} checked={turnos} error={errorAt(refusal, 'turnos')} onChange={setTurnos} />
      <TextArea
        label="Unidades"
        hint="Uma por linha (até 50)."
        rows={3}
        value={unidades}
        error={errorAt(refusal, 'unidades')}
        onInput={(e) => setUnidades(e.currentTarget.value)}
      />
      <Field
        label="Valor mínimo (R$)"
        inputMode="decimal"
        placeholder="1500,00"
        value={valor}
        hint="Em branco: qualquer valor."
        error={errorAt(refusal, 'valorMinimo')}
        onInput={(e) => setValor(e.currentTarget.value)}
      />
      <Check label="Ativa" checked={ativo} onChange={setAtivo} hint="Uma preferência inativa sai da lista." />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
        <button type="submit" disabled={busy}>
          Salvar preferência
        </button>
      </div>
    </form>
  );
}
