// Every key of the single table, built in one place: each builder carries the number of the access
// pattern of docs/data-model.md it serves (`.pattern`), and test/unit/data-model.test.ts fails when a
// builder has no row there, when a row's key text does not name the builder's key parts, or when a
// pattern number is used twice. Add the row before the builder.
//
// No imports and no side effects: the authorizers import a builder or two, and esbuild drops the rest
// (builders are pure calls, see `at`), so a light bundle stays light.
//
// Item builders return the full key ({ pk, sk }, or { gsi1pk, gsi1sk } for an index entry); collection
// builders return what a Query's key condition needs ({ pk, skPrefix }, { gsi1pk, gsi1skPrefix }).

/** A key builder, annotated with its access pattern number ("4", "4b", ...). */
export type KeyBuilder<A extends unknown[], K> = ((...args: A) => K) & { readonly pattern: string };

/** Marks a builder with its pattern number. Pure, so an unused builder leaves no trace in a bundle. */
/* @__NO_SIDE_EFFECTS__ */
function at<A extends unknown[], K>(pattern: string, build: (...args: A) => K): KeyBuilder<A, K> {
  return Object.assign(build, { pattern });
}

/** Ids in sort keys are zero-padded to 16 digits, so the string order is the numeric order. */
const pad = (id: number) => String(id).padStart(16, '0');

// 1-3: applications
export const application = at('1', (id: number) => ({ pk: `APP#${id}`, sk: 'APP' }));
export const applicationListing = at('2', (id: number) => ({ gsi1pk: 'APP', gsi1sk: `APP#${pad(id)}` }));
export const applications = at('2', () => ({ gsi1pk: 'APP' }));
export const slug = at('3', (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }));

// 4, 4b: the ledger
export const balance = at('4', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, sk: 'SALDO' }));
export const statementEntry = at('4b', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `EXTRATO#${pad(id)}` }));
/** One day of the statement (`dia`: YYYY-MM-DD in the service's time zone): its entry id range, sums and counts. */
export const statementDay = at('4c', (aplicacaoId: number, dia: string) => ({ pk: `APP#${aplicacaoId}`, sk: `EXTDIA#${dia}` }));
/** A move whose entry no function wrote yet (the reconciler writes it once due), in one of a few shards by entry id. */
export const ledgerGap = at('4d', (shard: number, dueAt: string, aplicacaoId: number, id: number) => ({
  pk: `LACUNA#${shard}`,
  sk: `${dueAt}#${aplicacaoId}#${pad(id)}`,
}));
export const ledgerGapShard = at('4d', (shard: number) => ({ pk: `LACUNA#${shard}` }));

// 5-7: API keys and OAuth clients
export const apiKey = at('5', (apiKey: string) => ({ pk: `APIKEY#${apiKey}`, sk: 'APIKEY' }));
export const oauthClient = at('6', (clientId: string) => ({ pk: `OAUTHCLIENT#${clientId}`, sk: 'OAUTHCLIENT' }));
export const oauthClientListing = at('7', (aplicacaoId: number, clientId: string) => ({
  gsi1pk: `APP#${aplicacaoId}#OAUTHCLIENT`,
  gsi1sk: clientId,
}));
export const oauthClients = at('7', (aplicacaoId: number) => ({ gsi1pk: `APP#${aplicacaoId}#OAUTHCLIENT` }));

// 8-10: service providers and their credentials
export const prestador = at('8', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `PRESTADOR#${id}` }));
export const prestadores = at('8', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'PRESTADOR#' }));
export const providerCredential = at('9', (apiKey: string) => ({ pk: `PCRED#${apiKey}`, sk: 'PCRED' }));
export const rateCounter = at('9b', (apiKey: string, minute: number) => ({ pk: `PCRED#${apiKey}`, sk: `RATE#${minute}` }));
export const providerCredentialListing = at('10', (aplicacaoId: number, prestadorId: number, credencialId: number) => ({
  gsi1pk: `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#PCRED`,
  gsi1sk: `PCRED#${credencialId}`,
}));
export const providerCredentials = at('10', (aplicacaoId: number, prestadorId: number) => ({
  gsi1pk: `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#PCRED`,
  gsi1skPrefix: 'PCRED#',
}));

// 11-12f: portal users and logins
export const portalUser = at('11', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `USER#${id}` }));
export const portalUsers = at('11', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'USER#' }));
export const userEmail = at('12', (email: string) => ({ pk: `USEREMAIL#${email}`, sk: 'USEREMAIL' }));
export const patientPhone = at('12b', (aplicacaoId: number, telefone: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `USERFONE#${telefone}`,
}));
export const loginAttempts = at('12c', (email: string) => ({ pk: `LOGINFALHA#${email}`, sk: 'LOGINFALHA' }));
export const otp = at('12d', (aplicacaoId: number, telefone: string) => ({ pk: `APP#${aplicacaoId}`, sk: `OTP#${telefone}` }));
export const otpFailures = at('12e', (aplicacaoId: number, telefone: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `OTPFALHA#${telefone}`,
}));
export const otpRequests = at('12f', (aplicacaoId: number, telefone: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `OTPPEDIDO#${telefone}`,
}));
/** A console session (refresh-token family) of a password user. */
export const sessionFamily = at('12g', (aplicacaoId: number, familiaId: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `SESSAO#${familiaId}`,
}));
/** A refresh token by its id (the part before the dot); its secret is stored hashed. */
export const refreshToken = at('12h', (id: string) => ({ pk: `REFRESH#${id}`, sk: 'REFRESH' }));

// 13: inbound webhook subscriptions
export const inboundSubscription = at('13', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `INBOUNDSUB#${id}` }));
export const inboundSubscriptions = at('13', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'INBOUNDSUB#' }));

// 14-15b: public site
export const plan = at('14', (id: number) => ({ pk: 'PLANO', sk: `PLANO#${id}` }));
export const plans = at('14', () => ({ pk: 'PLANO', skPrefix: 'PLANO#' }));
export const demoRequest = at('15', (id: number) => ({ pk: `CONTATO#${id}`, sk: 'CONTATO' }));
export const demoRequestListing = at('15b', (criadoEm: string, id: number) => ({ gsi1pk: 'CONTATO', gsi1sk: `${criadoEm}#${pad(id)}` }));

// 16: ids
export const sequence = at('16', (name: string) => ({ pk: `SEQ#${name}`, sk: 'SEQ' }));

// 17-17b: messages (17c is a counter on the balance item, pattern 4)
export const message = at('17', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `MSG#${pad(id)}` }));
export const messageListing = at('17a', (aplicacaoId: number, dataEnvio: string, id: number) => ({
  gsi1pk: `APP#${aplicacaoId}#MSG`,
  gsi1sk: `${dataEnvio}#${pad(id)}`,
}));
export const messages = at('17a', (aplicacaoId: number) => ({ gsi1pk: `APP#${aplicacaoId}#MSG` }));
export const providerMessage = at('17b', (messageSid: string) => ({ pk: `PMSG#${messageSid}`, sk: 'PMSG' }));
export const messageCounters = at('17d', (aplicacaoId: number, shard: number) => ({ pk: `APP#${aplicacaoId}`, sk: `MSGCONT#${shard}` }));
/** The message counts of one send day (`dia`: YYYY-MM-DD, the local date of `dataEnvio`), on one shard. */
export const messageDayCounters = at('17e', (aplicacaoId: number, dia: string, shard: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `MSGDIA#${dia}#${shard}`,
}));

// 18-21: tariffs, refunds, exchange rate, orphan status callbacks
export const tariff = at('18', (id: number) => ({ pk: 'TARIFA', sk: `TARIFA#${pad(id)}` }));
export const tariffs = at('18', () => ({ pk: 'TARIFA', skPrefix: 'TARIFA#' }));
/** The catalogue's version, bumped with every tariff write: a warm container keeps the catalogue while it holds. */
export const tariffsVersion = at('18a', () => ({ pk: 'TARIFA', sk: 'VERSAO' }));
export const refundMarker = at('19', (aplicacaoId: number, lancamentoId: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `ESTORNO#${pad(lancamentoId)}`,
}));
export const exchangeRate = at('20', () => ({ pk: 'COTACAO#USD-BRL', sk: 'ATUAL' }));
export const orphanStatus = at('21', (messageSid: string, status: string) => ({ pk: `ORPHAN#${messageSid}`, sk: `STATUS#${status}` }));
export const orphanListing = at('21', (registradoEm: string, messageSid: string) => ({
  gsi1pk: 'ORPHAN',
  gsi1sk: `${registradoEm}#${messageSid}`,
}));

// 22-22e: appointments
export const appointment = at('22', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `AGEND#${pad(id)}` }));
export const appointments = at('22', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'AGEND#' }));
export const appointmentStatusListing = at('22a', (aplicacaoId: number, status: string, id: number) => ({
  gsi1pk: `APP#${aplicacaoId}#AGEND#${status}`,
  gsi1sk: pad(id),
}));
export const appointmentsInStatus = at('22a', (aplicacaoId: number, status: string) => ({ gsi1pk: `APP#${aplicacaoId}#AGEND#${status}` }));
export const appointmentCounter = at('22b', (aplicacaoId: number, shard: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `AGENDCONT#${shard}`,
}));
/** An appointment on its day's board (22d): the day (YYYY-MM-DD) and status it is listed under. */
export const appointmentDay = at('22d', (aplicacaoId: number, dia: string, status: string, id: number) => ({
  pk: `APP#${aplicacaoId}#AGENDDIA#${dia}`,
  sk: `${status}#${pad(id)}`,
}));
export const appointmentsOfDay = at('22d', (aplicacaoId: number, dia: string, status?: string) => ({
  pk: `APP#${aplicacaoId}#AGENDDIA#${dia}`,
  skPrefix: status ? `${status}#` : '',
}));
/** An appointment on its provider's day board (22e): the board of 22d narrowed to one provider. */
export const providerAppointmentDay = at('22e', (aplicacaoId: number, prestadorId: number, dia: string, status: string, id: number) => ({
  pk: `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#AGENDDIA#${dia}`,
  sk: `${status}#${pad(id)}`,
}));
export const providerAppointmentsOfDay = at('22e', (aplicacaoId: number, prestadorId: number, dia: string, status?: string) => ({
  pk: `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#AGENDDIA#${dia}`,
  skPrefix: status ? `${status}#` : '',
}));
export const orderNumber = at('22c', (aplicacaoId: number, prestadorId: number, numeroPedido: string) => ({
  pk: `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#PEDIDO#${numeroPedido}`,
  sk: 'PEDIDO',
}));

// 23: idempotency keys
export const idempotencyRecord = at('23', (scope: string, key: string) => ({ pk: `IDEMP#${scope}#${key}`, sk: 'IDEMP' }));

// 24: outbound events (the outbox of appointment moves)
export const outboundEvent = at('24', (aplicacaoId: number, eventId: string) => ({ pk: `APP#${aplicacaoId}`, sk: `EVENTO#${eventId}` }));
export const pendingEventListing = at('24', (criadoEm: string, eventId: string) => ({
  gsi1pk: 'EVENTO#PENDENTE',
  gsi1sk: `${criadoEm}#${eventId}`,
}));
export const pendingEvents = at('24', () => ({ gsi1pk: 'EVENTO#PENDENTE' }));

// 25-26: outbound webhook subscriptions and their deliveries
export const webhook = at('25', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `WEBHOOK#${id}` }));
export const applicationWebhooks = at('25', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'WEBHOOK#' }));
export const webhookListing = at('25', (aplicacaoId: number, prestadorId: number, id: number) => ({
  gsi1pk: `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#WEBHOOK`,
  gsi1sk: pad(id),
}));
export const webhooks = at('25', (aplicacaoId: number, prestadorId: number) => ({
  gsi1pk: `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#WEBHOOK`,
}));
export const delivery = at('26', (aplicacaoId: number, webhookId: number, eventId: string) => ({
  pk: `APP#${aplicacaoId}#WEBHOOK#${webhookId}`,
  sk: `ENTREGA#${eventId}`,
}));
export const deliveryListing = at('26', (aplicacaoId: number, webhookId: number, criadoEm: string, eventId: string) => ({
  gsi1pk: `APP#${aplicacaoId}#WEBHOOK#${webhookId}#ENTREGA`,
  gsi1sk: `${criadoEm}#${eventId}`,
}));
export const deliveries = at('26', (aplicacaoId: number, webhookId: number) => ({
  gsi1pk: `APP#${aplicacaoId}#WEBHOOK#${webhookId}#ENTREGA`,
}));

// 27: the WhatsApp numbers of the applications
export const whatsappNumber = at('27', (numero: string) => ({ pk: `NUMERO#${numero}`, sk: 'NUMERO' }));

// 28-28b: patients
export const patient = at('28', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `PACIENTE#${pad(id)}` }));
export const patientListing = at('28', (aplicacaoId: number, nomeBusca: string, id: number) => ({
  gsi1pk: `APP#${aplicacaoId}#PACIENTE`,
  // U+0001 sorts below every character of a folded name (foldName drops control characters), so "ana" comes before "ana maria".
  gsi1sk: `${nomeBusca}\u0001${pad(id)}`,
}));
export const patients = at('28', (aplicacaoId: number) => ({ gsi1pk: `APP#${aplicacaoId}#PACIENTE` }));
export const patientByPhone = at('28a', (aplicacaoId: number, telefone: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `PACFONE#${telefone}`,
}));
export const patientByCpf = at('28b', (aplicacaoId: number, cpf: string) => ({ pk: `APP#${aplicacaoId}`, sk: `PACCPF#${cpf}` }));

// 29-29a: sectors
export const sector = at('29', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `SETOR#${pad(id)}` }));
export const sectors = at('29', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'SETOR#' }));
export const sectorCode = at('29a', (aplicacaoId: number, codigo: string) => ({ pk: `APP#${aplicacaoId}`, sk: `SETORCOD#${codigo}` }));

// 30-30a: attendances (conversations)
export const attendance = at('30', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `ATEND#${pad(id)}` }));
export const attendanceStatusListing = at('30', (aplicacaoId: number, status: string, desde: string, id: number) => ({
  gsi1pk: `APP#${aplicacaoId}#ATEND#${status}`,
  gsi1sk: `${desde}#${pad(id)}`,
}));
export const attendancesInStatus = at('30', (aplicacaoId: number, status: string) => ({ gsi1pk: `APP#${aplicacaoId}#ATEND#${status}` }));
export const openAttendance = at('30a', (aplicacaoId: number, telefone: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `ATENDABERTO#${telefone}`,
}));
/** A message of an attendance's conversation (30b): the patient's (ENTRADA) or the attendant's answer (SAIDA), in time order. */
export const conversationEntry = at('30b', (aplicacaoId: number, atendimentoId: number, em: string, mensagemId: number) => ({
  pk: `APP#${aplicacaoId}#CONVERSA#${pad(atendimentoId)}`,
  sk: `MSG#${em}#${pad(mensagemId)}`,
}));
export const conversation = at('30b', (aplicacaoId: number, atendimentoId: number) => ({
  pk: `APP#${aplicacaoId}#CONVERSA#${pad(atendimentoId)}`,
  skPrefix: 'MSG#',
}));

// 31: inbound messages of patients
export const inboundMessage = at('31', (aplicacaoId: number, provider: string, providerMessageId: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `RECEBIDA#${provider}#${providerMessageId}`,
}));
export const inboundMessageListing = at('31', (aplicacaoId: number, recebidaEm: string, id: number) => ({
  gsi1pk: `APP#${aplicacaoId}#RECEBIDA`,
  gsi1sk: `${recebidaEm}#${pad(id)}`,
}));
export const inboundMessages = at('31', (aplicacaoId: number) => ({ gsi1pk: `APP#${aplicacaoId}#RECEBIDA` }));

// 32: generic inbound webhook events, kept for audit. A partition of their own, so the unauthenticated webhook
// edge that writes them may write nothing else (its grant's dynamodb:LeadingKeys, infra/permissions.ts).
export const inboundEventPartition = 'APP#*#ENTRADA';
export const inboundEvent = at('32', (aplicacaoId: number, recebidoEm: string, eventoId: string) => ({
  pk: `APP#${aplicacaoId}#ENTRADA`,
  sk: `ENTRADA#${recebidoEm}#${eventoId}`,
}));
export const inboundEvents = at('32', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}#ENTRADA`, skPrefix: 'ENTRADA#' }));

// 33-33b: WhatsApp message templates
export const template = at('33', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `TEMPLATE#${pad(id)}` }));
export const templates = at('33', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'TEMPLATE#' }));
export const templateProcedure = at('33a', (aplicacaoId: number, procedureKey: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `TPLPROC#${procedureKey}`,
}));
export const templateByProviderId = at('33b', (aplicacaoId: number, providerTemplateId: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `TPLPROV#${providerTemplateId}`,
}));

export const pendingReview = at('33c', (aplicacaoId: number, templateId: number) => ({
  pk: 'TPLREVISAO',
  sk: `${aplicacaoId}#${templateId}`,
}));
export const pendingReviews = at('33c', () => ({ pk: 'TPLREVISAO' }));

// 34, 34a: the communication flow
export const flowDue = at('34', (shard: number, dueAt: string, aplicacaoId: number, agendamentoId: number) => ({
  pk: `FLUXO#${shard}`,
  sk: `${dueAt}#${aplicacaoId}#${agendamentoId}`,
}));
export const flowDueShard = at('34', (shard: number) => ({ pk: `FLUXO#${shard}` }));
export const optOut = at('34b', (aplicacaoId: number, telefone: string) => ({ pk: `APP#${aplicacaoId}`, sk: `OPTOUT#${telefone}` }));
export const awaitingReply = at('34a', (aplicacaoId: number, telefone: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `AGUARDA#${telefone}`,
}));

// 35: sends not settled yet (the reconciler's due index)
export const pendingSend = at('35', (shard: number, reconcileAt: string, aplicacaoId: number, mensagemId: number) => ({
  pk: `ENVIO#${shard}`,
  sk: `${reconcileAt}#${aplicacaoId}#${mensagemId}`,
}));
export const pendingSendShard = at('35', (shard: number) => ({ pk: `ENVIO#${shard}` }));
// 35a: scheduled sends by their time (the scheduled sends' due index)
export const scheduledSend = at('35a', (shard: number, dueAt: string, aplicacaoId: number, mensagemId: number) => ({
  pk: `AGENDADO#${shard}`,
  sk: `${dueAt}#${aplicacaoId}#${mensagemId}`,
}));
export const scheduledSendShard = at('35a', (shard: number) => ({ pk: `AGENDADO#${shard}` }));

// 36: a patient's device consents and their history
export const consent = at('36', (aplicacaoId: number, pacienteId: number, tipo: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `CONSENT#${pad(pacienteId)}#${tipo}`,
}));
export const consentHistoryEntry = at('36', (aplicacaoId: number, pacienteId: number, tipo: string, versao: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `CONSENT#${pad(pacienteId)}#${tipo}#H#${String(versao).padStart(8, '0')}`,
}));
export const consentsOf = at('36', (aplicacaoId: number, pacienteId: number) => ({
  pk: `APP#${aplicacaoId}`,
  skPrefix: `CONSENT#${pad(pacienteId)}#`,
}));

// 37-39: the on-call physician's portal
export const physicianPreference = at('37', (aplicacaoId: number, userId: number, secretariaId: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `PLANTPRED#${pad(userId)}#${secretariaId}`,
}));
export const physicianPreferences = at('37', (aplicacaoId: number, userId: number) => ({
  pk: `APP#${aplicacaoId}`,
  skPrefix: `PLANTPRED#${pad(userId)}#`,
}));
export const physicianProfile = at('38', (aplicacaoId: number, userId: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `PLANTONISTA#${pad(userId)}`,
}));
export const physicianSearchProfile = at('38a', (aplicacaoId: number, userId: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `PLANTBUSCA#${pad(userId)}`,
}));
export const availabilityDay = at('39', (aplicacaoId: number, userId: number, dia: string) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `DISP#${pad(userId)}#${dia}`,
}));

// 40-45b: the on-premises agent channel
const integrationPk = (aplicacaoId: number, integracaoId: number) => `APP#${aplicacaoId}#INTEG#${integracaoId}`;
const setVersion = (versao: number) => String(versao).padStart(8, '0');
export const integration = at('40', (aplicacaoId: number, integracaoId: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `INTEG#${pad(integracaoId)}`,
}));
export const integrations = at('40', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'INTEG#' }));
export const savedQuerySetHeader = at('41', (aplicacaoId: number, integracaoId: number, versao: number) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  sk: `QSET#${setVersion(versao)}#~`,
}));
export const savedQuery = at('41', (aplicacaoId: number, integracaoId: number, versao: number, position: number) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  sk: `QSET#${setVersion(versao)}#Q#${String(position).padStart(3, '0')}`,
}));
export const savedQuerySets = at('41', (aplicacaoId: number, integracaoId: number) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  skPrefix: 'QSET#',
}));
export const executionLog = at('42', (aplicacaoId: number, integracaoId: number, recebidoEm: string, logId: number) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  sk: `LOG#${recebidoEm}#${pad(logId)}`,
}));
export const executionLogs = at('42', (aplicacaoId: number, integracaoId: number) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  skPrefix: 'LOG#',
}));
export const importedRecord = at('43', (aplicacaoId: number, integracaoId: number, tipo: string, legacyId: string) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  sk: `IMPORT#${tipo}#${legacyId}`,
}));
export const clinicalRecord = at('44', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `REGCLIN#${pad(id)}` }));
export const agentCertificate = at('45', (aplicacaoId: number, integracaoId: number, serial: string) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  sk: `CERT#${serial}`,
}));
export const agentCertificates = at('45', (aplicacaoId: number, integracaoId: number) => ({
  pk: integrationPk(aplicacaoId, integracaoId),
  skPrefix: 'CERT#',
}));
export const revocation = at('45a', (serial: string) => ({ pk: 'CRL#agent', sk: `REVOGADO#${serial}` }));
export const revocations = at('45a', () => ({ pk: 'CRL#agent', skPrefix: 'REVOGADO#' }));
export const crlNumber = at('45b', () => ({ pk: 'CRL#agent', sk: 'NUMERO' }));
export const crlPublished = at('45c', () => ({ pk: 'CRL#agent', sk: 'PUBLICADO' }));

// 46-46f: campaigns (#36)
const line = (linha: number) => String(linha).padStart(8, '0');
export const campaign = at('46', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `CAMP#${pad(id)}` }));
export const campaigns = at('46', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'CAMP#' }));
/** A campaign's turn with the schedule: AGENDADA at its time, EM_ANDAMENTO when its worker's hold ends. */
export const campaignTurn = at('46a', (when: string, aplicacaoId: number, id: number) => ({
  gsi1pk: 'CAMPVEZ',
  gsi1sk: `${when}#${aplicacaoId}#${pad(id)}`,
}));
export const campaignTurns = at('46a', () => ({ gsi1pk: 'CAMPVEZ' }));
export const recipient = at('46b', (aplicacaoId: number, campanhaId: number, linha: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `CDEST#${pad(campanhaId)}#${line(linha)}`,
}));
/** A campaign's recipients from `linha` on, in list order. */
export const recipientsFrom = at('46b', (aplicacaoId: number, campanhaId: number, linha: number) => ({
  pk: `APP#${aplicacaoId}`,
  from: `CDEST#${pad(campanhaId)}#${line(linha)}`,
  to: `CDEST#${pad(campanhaId)}#~`,
}));
export const recipientListing = at('46c', (aplicacaoId: number, campanhaId: number, status: string, linha: number) => ({
  gsi1pk: `APP#${aplicacaoId}#CDEST#${campanhaId}#${status}`,
  gsi1sk: line(linha),
}));
export const recipientsInStatus = at('46c', (aplicacaoId: number, campanhaId: number, status: string) => ({
  gsi1pk: `APP#${aplicacaoId}#CDEST#${campanhaId}#${status}`,
}));
export const campaignCounter = at('46d', (aplicacaoId: number, campanhaId: number, shard: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `CCONT#${pad(campanhaId)}#${shard}`,
}));
/** A block of a campaign's recipients as the request gave them, until a worker expands it into recipient items. */
export const recipientBlock = at('46f', (aplicacaoId: number, campanhaId: number, bloco: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `CLOTE#${pad(campanhaId)}#${line(bloco)}`,
}));
export const recipientBlocks = at('46f', (aplicacaoId: number, campanhaId: number) => ({
  pk: `APP#${aplicacaoId}`,
  skPrefix: `CLOTE#${pad(campanhaId)}#`,
}));
/** The sends an application started in one second (its pace), across every worker. */
export const paceSecond = at('46e', (aplicacaoId: number, second: number) => ({ pk: `APP#${aplicacaoId}`, sk: `RITMO#${second}` }));

// 47: AI interactions
/** One call to the model: what it was for, its tokens and its charge (an automatic answer's id is its patient message's). */
export const aiInteraction = at('47', (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `IA#${pad(id)}` }));
/** An application's AI interactions of one month, summed. */
export const aiMonthTotals = at('47a', (mes: string, aplicacaoId: number) => ({ pk: `IAMES#${mes}`, sk: `APP#${aplicacaoId}` }));
export const aiMonth = at('47a', (mes: string) => ({ pk: `IAMES#${mes}` }));

// 50: the patient app's chat and devices (docs/app-chat.md)
/** One message of a patient's chat with the application, either way, in id order. */
export const chatMessage = at('50', (aplicacaoId: number, pacienteId: number, id: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `CHAT#${pad(pacienteId)}#${pad(id)}`,
}));
export const chatOf = at('50', (aplicacaoId: number, pacienteId: number) => ({
  pk: `APP#${aplicacaoId}`,
  skPrefix: `CHAT#${pad(pacienteId)}#`,
}));
/** A patient's registered device (a push endpoint). */
export const device = at('50a', (aplicacaoId: number, pacienteId: number, id: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `DISP#${pad(pacienteId)}#${pad(id)}`,
}));
export const devicesOf = at('50a', (aplicacaoId: number, pacienteId: number) => ({
  pk: `APP#${aplicacaoId}`,
  skPrefix: `DISP#${pad(pacienteId)}#`,
}));
// 48: RFC 3161 time stamps (docs/stamps.md)
/** One event's time stamp: the exact bytes stamped, its state and, once stamped, the DER token. */
export const stamp = at('48', (id: string) => ({ pk: `CARIMBO#${id}`, sk: 'CARIMBO' }));
/** The stamps still pending (no token yet), oldest first: a sparse listing removed when the token is kept. */
export const pendingStampListing = at('48a', (criadoEm: string, id: string) => ({
  gsi1pk: 'CARIMBO#PENDENTE',
  gsi1sk: `${criadoEm}#${id}`,
}));
export const pendingStamps = at('48a', () => ({ gsi1pk: 'CARIMBO#PENDENTE' }));
// 49: plan invoices (docs/invoices.md)
/** An application's invoice, listed newest first by its issue instant. */
export const invoice = at('49', (aplicacaoId: number, emitidaEm: string, id: number) => ({
  pk: `APP#${aplicacaoId}`,
  sk: `FATURA#${emitidaEm}#${pad(id)}`,
}));
export const invoices = at('49', (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, skPrefix: 'FATURA#' }));
/** An invoice by its id alone (a payment gateway's webhook names only that): its application and its item's sort key. */
export const invoiceById = at('49a', (id: number) => ({ pk: `FATURAID#${id}`, sk: 'FATURAID' }));
/** The month an application was invoiced for (YYYY-MM): put once, with its invoice, so a month is invoiced once. */
export const invoicedMonth = at('49b', (aplicacaoId: number, mes: string) => ({ pk: `APP#${aplicacaoId}`, sk: `FATURAMES#${mes}` }));
/** The plan an application is on, in one partition the monthly schedule reads with one Query. */
export const planSubscription = at('49c', (aplicacaoId: number) => ({ pk: 'ASSINATURA', sk: `APP#${pad(aplicacaoId)}` }));
export const planSubscriptions = at('49c', () => ({ pk: 'ASSINATURA', skPrefix: 'APP#' }));
