// Generated from docs/openapi.json by `npm run openapi`: do not edit.
export interface paths {
    "/api/external/messages/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a WhatsApp message
         * @description Charges the tariff in force (MENSAGENS/ENVIADA) from the prepaid balance, then calls the application’s provider. `telefone` must carry its country code (e.g. `+5511999998888`); `mensagem` is 1 to 4096 characters, not blank.
         *
         *     A balance below the tariff is 402 with `saldo`, nothing written. A provider that refuses the message (400 `provider_rejected`, with `providerCode` and `mensagemId`) or cannot be reached (502 `provider_unavailable`, with `mensagemId`) gets the charge given back: the message stays readable as FAILED.
         *
         *     With `Idempotency-Key`, a repeat gets the first answer (status and body) with `Idempotent-Replayed: true` and is never charged twice; a repeat while the first is still with the provider is 409 (retry in a few seconds); the same key with another body is 422. A refusal before any effect (400 on the input, 402) stores nothing.
         *
         *     `agendarPara` (optional) schedules the send instead: a local date-time of America/Sao_Paulo without a zone, as every time the API shows (`2026-11-28T15:30:00`), from 1 minute to 35 days ahead (otherwise 400 naming `agendarPara`). The answer is 202 `{status: AGENDADO, mensagemId, agendadoPara}` and nothing is charged: the message is SCHEDULED (`GET /api/external/messages/{id}`) until it is sent, within a minute of its time, as an ordinary send with the same id (the tariff in force then, its debit and statement entry, the provider’s call). A balance that does not cover it then fails it: FAILED with `errorCode` `SALDO_INSUFICIENTE`, nothing charged (likewise `APLICACAO_INATIVA`, `SEM_TARIFA`); a provider’s refusal fails it as any send, the charge given back. `DELETE /api/external/messages/{id}` cancels it until it is sent (CANCELED). `Idempotency-Key` holds as for a send: a repeat gets the same 202, the same key with another body (another `agendarPara` too) is 422.
         */
        post: operations["postApiExternalMessagesSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One message of the application */
        get: operations["getApiExternalMessagesId"];
        put?: never;
        post?: never;
        /**
         * Cancel a scheduled send
         * @description A message scheduled with `agendarPara` (SCHEDULED) becomes CANCELED: it is never sent, and nothing is charged. Canceling a canceled message answers 204 again. Once it has been sent, or while it is being sent (or once it failed at its time), 409. Another application’s message is the same 404 as an unknown one.
         */
        delete: operations["deleteApiExternalMessagesId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages of the application, newest first */
        get: operations["getApiExternalMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/financeiro/saldo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Balance of the application */
        get: operations["getApiExternalFinanceiroSaldo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/financeiro/tarifas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tariffs in force for the application */
        get: operations["getApiExternalFinanceiroTarifas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/financeiro/extrato": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statement, newest first */
        get: operations["getApiExternalFinanceiroExtrato"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/config/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the application’s WhatsApp provider is configured and active */
        get: operations["getApiV2ConfigStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Number of messages the application has sent */
        get: operations["getApiV2Stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an access token (OAuth2 client credentials)
         * @description RFC 6749 §4.4. The client authenticates with HTTP Basic (`Authorization: Basic base64(client_id:client_secret)`, each part form-encoded; every client supports it) or with `client_id` and `client_secret` in the form (a `client_id` next to Basic must name the same client); not both.
         *
         *     Errors are RFC 6749 §5.2 bodies `{error, error_description}`; no answer of this endpoint is cacheable. A body sent as anything but `application/x-www-form-urlencoded` (with at most `charset=utf-8`), JSON included, is refused before it is read, in the same form: 400 `invalid_request`.
         */
        post: operations["postOauth2Token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/v2/agendamentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the application’s appointments
         * @description Paged (`page` from 0, `size` 1 to 100, default 20), optionally filtered by `status`.
         */
        get: operations["getApiExternalV2Agendamentos"];
        put?: never;
        /**
         * Create an appointment
         * @description `pacienteTelefone` and `procedimento` are required (400 naming the field when missing or blank); the phone is normalised to +E.164. A `status` in the body is ignored: a new appointment is always IMPORTADO and the communication flow takes it from there. Optional text fields that are absent, null or blank are stored as null. `prestador` (the provider’s id or registered name) links the appointment to that provider for /execucao and the outbound webhooks; that provider may have only one open appointment per `numeroPedido` (409).
         */
        post: operations["postApiExternalV2Agendamentos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/v2/agendamentos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one appointment
         * @description An appointment of another application is the same 404 as an unknown one.
         */
        get: operations["getApiExternalV2AgendamentosId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Confirm or cancel an appointment
         * @description `status` must be CONFIRMADO or CANCELADO (any other status: 422). `observacao` is kept in the history (the cancellation reason). Allowed from any open state; repeating the current status is a 200 no-op (no second event). A closed appointment (CANCELADO, REALIZADO, FALTOU) answers 409. A move into CONFIRMADO or CANCELADO sends AGENDAMENTO_CONFIRMADO or AGENDAMENTO_CANCELADO to the provider’s webhooks.
         */
        patch: operations["patchApiExternalV2AgendamentosId"];
        trace?: never;
    };
    "/api/external/v2/mensagens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a WhatsApp message
         * @description Same operation and answers as `POST /api/external/messages/send`, scheduling included.
         *
         *     Charges the tariff in force (MENSAGENS/ENVIADA) from the prepaid balance, then calls the application’s provider. `telefone` must carry its country code (e.g. `+5511999998888`); `mensagem` is 1 to 4096 characters, not blank.
         *
         *     A balance below the tariff is 402 with `saldo`, nothing written. A provider that refuses the message (400 `provider_rejected`, with `providerCode` and `mensagemId`) or cannot be reached (502 `provider_unavailable`, with `mensagemId`) gets the charge given back: the message stays readable as FAILED.
         *
         *     With `Idempotency-Key`, a repeat gets the first answer (status and body) with `Idempotent-Replayed: true` and is never charged twice; a repeat while the first is still with the provider is 409 (retry in a few seconds); the same key with another body is 422. A refusal before any effect (400 on the input, 402) stores nothing.
         *
         *     `agendarPara` (optional) schedules the send instead: a local date-time of America/Sao_Paulo without a zone, as every time the API shows (`2026-11-28T15:30:00`), from 1 minute to 35 days ahead (otherwise 400 naming `agendarPara`). The answer is 202 `{status: AGENDADO, mensagemId, agendadoPara}` and nothing is charged: the message is SCHEDULED (`GET /api/external/messages/{id}`) until it is sent, within a minute of its time, as an ordinary send with the same id (the tariff in force then, its debit and statement entry, the provider’s call). A balance that does not cover it then fails it: FAILED with `errorCode` `SALDO_INSUFICIENTE`, nothing charged (likewise `APLICACAO_INATIVA`, `SEM_TARIFA`); a provider’s refusal fails it as any send, the charge given back. `DELETE /api/external/messages/{id}` cancels it until it is sent (CANCELED). `Idempotency-Key` holds as for a send: a repeat gets the same 202, the same key with another body (another `agendarPara` too) is 422.
         */
        post: operations["postApiExternalV2Mensagens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/v2/atendimentos/fila": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Attendances waiting in the queue (FILA)
         * @description Oldest first; paged (`page` from 0, `size` 1 to 100, default 20).
         */
        get: operations["getApiExternalV2AtendimentosFila"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/v2/atendimentos/em-andamento": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Attendances a human is handling (EM_ANDAMENTO)
         * @description Oldest first; paged (`page` from 0, `size` 1 to 100, default 20).
         */
        get: operations["getApiExternalV2AtendimentosEmAndamento"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/v2/atendimentos/{id}/escalar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Escalate an attendance to a human
         * @description BOT moves to FILA. Idempotent: an attendance already with the humans (FILA, EM_ANDAMENTO) is answered unchanged. A closed one (ENCERRADO) is a 409. An attendance of another application is the same 404 as an unknown one.
         */
        post: operations["postApiExternalV2AtendimentosIdEscalar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/v2/pacientes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the application’s patients
         * @description Sorted by name; paged (`page` from 0, `size` 1 to 100, default 20). `telefone` and `cpf` are exact filters (normalised first: 400 when not a phone or a valid CPF), `nome` a prefix of the name (case and accents ignored).
         */
        get: operations["getApiExternalV2Pacientes"];
        put?: never;
        /**
         * Create or update the patient of a phone (or CPF)
         * @description The patient is found by `telefone`, else by `cpf`: found, it is updated (200), else created (201). An absent field keeps its stored value, an explicit null clears it. `telefone` is normalised to +E.164, `cpf` must have valid check digits, `dataNascimento` is a real date YYYY-MM-DD not in the future (400 naming the field). A phone and a CPF of two different patients, or a CPF or phone that belongs to another patient, is a 409.
         */
        post: operations["postApiExternalV2Pacientes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/integracoes/banco": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The certificate’s database integration, with its secrets
         * @description Only over the mutual-TLS channel, to a client certificate of the token’s application. A list holding the integration the certificate was issued for when it is an active BANCO integration, else `[]`: never another integration, even of the same application. The secrets are in clear.
         */
        get: operations["getApiExternalIntegracoesBanco"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/integracoes/api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The certificate’s HTTP API integration, with its secrets
         * @description Only over the mutual-TLS channel, to a client certificate of the token’s application. A list holding the integration the certificate was issued for when it is an active API integration, else `[]`: never another integration, even of the same application. The secrets are in clear.
         */
        get: operations["getApiExternalIntegracoesApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/integracoes/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report how saved queries ran
         * @description 1 to 100 executions; the whole batch is checked before anything is written (a refusal is a 400 naming `execucoes[i].field`). `fim` must not be before `inicio`; `erro` is required (not blank) with status ERRO. Each log is kept 90 days. Only the integration the client certificate was issued for: any other (of another application, or another of this application) is 404, as an unknown one, and nothing is read or written.
         */
        post: operations["postApiExternalIntegracoesLogs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/integracoes/registros": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a batch of patients, appointments and clinical records
         * @description Up to 500 records and 4194304 bytes (4 MiB) of body; more is 413 `payload_too_large` before anything is read or written (over the bytes, `maxBytes` names the limit: send the records in smaller batches). Each record is `{tipo, idLegado, dados}`: `tipo` PACIENTE, AGENDAMENTO or REGISTRO_CLINICO, `idLegado` the legacy system’s id (1-100 characters), `dados` per `tipo` (docs/agent.md, "Batch import"); an AGENDAMENTO may carry the legacy `status` CONFIRMADO, CANCELADO, REALIZADO, FALTOU.
         *
         *     Each record is judged alone: a bad one is `rejeitado` in the answer naming its field, the others go on. Idempotent per (integration, tipo, idLegado): a record equal to the one last imported is `inalterado` and writes nothing, so a batch may be sent again.
         *
         *     An inactive integration is 409. Only the integration the client certificate was issued for: any other (of another application, or another of this application) is 404, as an unknown one, and nothing is read or written.
         */
        post: operations["postApiExternalIntegracoesRegistros"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/integracoes/queries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The integration’s saved queries
         * @description The current set, in the order it was saved (`[]` when none was ever saved). A reader never sees part of an old set and part of a new one; a set replaced again and again while it is read is 409 (try again). Only the integration the client certificate was issued for: any other (of another application, or another of this application) is 404, as an unknown one, and nothing is read or written.
         */
        get: operations["getApiExternalIntegracoesQueries"];
        /**
         * Replace the integration’s saved queries
         * @description Replaces the whole set at once with the array sent (at most 100; `[]` empties it). Ids unique within the array; a query without `id` gets a new one. Each `sql` must be a single read statement (SELECT or WITH; no writes, no locks, no `INTO`, no executable comments or optimizer hints, no calls that run SQL given as text or reach the server’s files or other servers such as `OPENQUERY`, `dblink_exec`, `xp_cmdshell`: docs/agent.md "The SQL check"); the agent runs each query in a read-only transaction with a read-only account. A refusal is a 400 naming the first offending `[i].field`; nothing is written. Only the integration the client certificate was issued for: any other (of another application, or another of this application) is 404, as an unknown one, and nothing is read or written.
         */
        put: operations["putApiExternalIntegracoesQueries"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/prestador/v1/execucao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report an appointment as carried out (REALIZADO) or missed (FALTOU)
         * @description The scope (application and provider) comes from the `nbwp_` credential. The appointment is named by `agendamentoId` or `numeroPedido` (one of the two is required; with both, both must match); one outside the provider’s scope is 404. Several open appointments under one `numeroPedido` are 409: send `agendamentoId`.
         *
         *     A closed appointment (REALIZADO, FALTOU or CANCELADO) is 409. The move sends the provider’s webhook event AGENDAMENTO_REALIZADO or AGENDAMENTO_FALTOU.
         *
         *     With `Idempotency-Key` the result is stored with the move: a repeat answers `status: replay` with no second effect; the same key with another body is 422. Refused requests store nothing.
         */
        post: operations["postApiExternalPrestadorV1Execucao"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/whatsapp/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * provider_a: a patient’s inbound message
         * @description Always answers 200, even when the message is not processed or an internal error happens, so that the provider does not retry. Not processed (logged and counted): a form without `MessageSid` or `From`, a `To` number no application owns, a number whose application does not send through provider_a (provider_b, link: their patients never write through provider_a, so nobody can post their replies here), or a signature that does not match the auth token of the application owning the number (checked only when it has one, which a provider_a application always has through the admin API).
         */
        post: operations["postApiWebhooksWhatsappWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/whatsapp/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * provider_a: a delivery status of a message sent
         * @description The application, and so the auth token that checks the signature, is found through `MessageSid`. A status of a message not known yet (the callback beat the send’s answer) is queued with what is needed to check its signature once the message is known; it is never applied unverified. When the application has an auth token: no signature is a 400 `missing_signature`, a wrong one a 403 `invalid_signature`. A callback without a signature whose `MessageSid` names no known message and that carries no `ref` of ours is refused with the same 400 `missing_signature` and not queued (the provider signs every callback it posts).
         */
        post: operations["postApiWebhooksWhatsappStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/whatsapp/webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check that webhooks are reachable
         * @description Any body. Counts the parameters received: the query’s, and the form fields of an `application/x-www-form-urlencoded` body.
         */
        post: operations["postApiWebhooksWhatsappWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/whatsapp/meta/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * provider_b: subscription handshake
         * @description Answers `hub.challenge` as plain text when `hub.mode` is `subscribe` and `hub.verify_token` equals the verify token configured for the application’s provider_b credentials; otherwise 403. An unknown slug is a 404.
         */
        get: operations["getApiWebhooksWhatsappMetaSlug"];
        put?: never;
        /**
         * provider_b: an event (messages, delivery statuses, template reviews)
         * @description The signature is checked over the exact bytes first: missing or wrong is a 401. Then each delivery status and each message of each change is queued; what cannot be used (no id, unknown status) is skipped. An unknown slug is a 404.
         */
        post: operations["postApiWebhooksWhatsappMetaSlug"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/inbound/{slug}/{fluxo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generic inbound webhook of an application
         * @description Any JSON body, at most 256 KB (262,144 bytes; more is 413 `payload_too_large` with `maxBytes`, before anything is read). The payload is kept for audit with its flow name and queued for processing: a 200 means it is kept. An unknown slug is a 404; invalid JSON or an invalid `fluxo` a 400. When the application has at least one active subscription with a secret, `X-Service-Signature` is required: missing or matching none is a 401.
         */
        post: operations["postApiV1WebhooksInboundSlugFluxo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/planos/ativos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active commercial plans, cheapest first */
        get: operations["getApiPlanosAtivos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contato": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a demonstration
         * @description Stores the request, then notifies the administrator by e-mail; a failed e-mail does not lose the request. Blank optional fields count as not given.
         */
        post: operations["postApiContato"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health and build information
         * @description No table, no network. `runtime` is present only when a status token is configured and `X-Status-Token` equals it; a wrong token gets the basic answer.
         */
        get: operations["getApiStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/crl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Certificate revocation list of the agent CA
         * @description An X.509 v2 CRL in DER form, cacheable for one hour. When it cannot be read the answer is 503 `crl_unavailable` with `Retry-After: 60`.
         */
        get: operations["getApiExternalCrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/perfil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The patient’s profile
         * @description The CPF is shown masked. A token issued before patient records were linked at login is 403: log in again.
         *
         *     Portal JWT of role `paciente`.
         */
        get: operations["getApiV4SaudePerfil"];
        /**
         * Change the patient’s profile
         * @description Changes only the fields sent (the body may be omitted or empty) and answers the whole profile. `nome`, `sexo`, `dataNascimento` (a real date from 1900, not after today), `bairro` and `cidade` are editable; sending `telefone`, `cpf`, `email` or `id` is a 400 naming it. Nothing is written on a 400. A concurrent change of the record is re-read, never overwritten; 409 when it keeps changing.
         *
         *     Portal JWT of role `paciente`.
         */
        put: operations["putApiV4SaudePerfil"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/consentimentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The patient’s device consents
         * @description Only the consents the patient ever set; a consent never asked for is absent, not refused.
         *
         *     Portal JWT of role `paciente`.
         */
        get: operations["getApiV4SaudeConsentimentos"];
        /**
         * Register or update several consents at once
         * @description All or nothing, in one transaction. A `tipo` given twice or unknown is a 400 naming the field. A change that changes nothing (the same state, device and terms version) writes nothing and adds no history. An unknown `tipo` in the path is 404. Revoking NOTIFICACOES_WHATSAPP also stops the automated WhatsApp messages to the patient’s phone (opt-out); granting it resumes them.
         *
         *     Portal JWT of role `paciente`.
         */
        put: operations["putApiV4SaudeConsentimentos"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/consentimentos/{tipo}/revogar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Revoke one consent
         * @description The body is optional: string-to-string pairs (at most 20; keys 1-64 characters, values up to 500) the app sends with the revocation (the reason, the app version...), kept in the history entry. A change that changes nothing (the same state, device and terms version) writes nothing and adds no history. An unknown `tipo` in the path is 404. Revoking NOTIFICACOES_WHATSAPP also stops the automated WhatsApp messages to the patient’s phone (opt-out); granting it resumes them.
         *
         *     Portal JWT of role `paciente`.
         */
        put: operations["putApiV4SaudeConsentimentosTipoRevogar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/consentimentos/{tipo}/conceder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Grant one consent
         * @description Takes no body. A change that changes nothing (the same state, device and terms version) writes nothing and adds no history. An unknown `tipo` in the path is 404. Revoking NOTIFICACOES_WHATSAPP also stops the automated WhatsApp messages to the patient’s phone (opt-out); granting it resumes them.
         *
         *     Portal JWT of role `paciente`.
         */
        put: operations["putApiV4SaudeConsentimentosTipoConceder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook of the provider
         * @description A webhook of another provider or application is 404, as an unknown id.
         *
         *     Portal JWT of role `prestador`.
         */
        get: operations["getApiPrestadorWebhooksId"];
        /**
         * Change a webhook
         * @description Changes only the fields sent. A blank or absent `secret` keeps the current one (then not shown); a new one is shown in the answer (with `Cache-Control: no-store`). `url`: absolute https (at most 2048 characters, no user name or password, no fragment) whose host resolves only to public addresses. `secret`: `whsec_` + canonical base64 of 24 to 64 bytes. `eventos`: 1 or more of the four AGENDAMENTO_* events (duplicates dropped). A 400 names the field; nothing is written.
         *
         *     Portal JWT of role `prestador`.
         */
        put: operations["putApiPrestadorWebhooksId"];
        post?: never;
        /**
         * Delete a webhook
         * @description Its pending deliveries give up at their next attempt; its delivery log is kept.
         *
         *     Portal JWT of role `prestador`.
         */
        delete: operations["deleteApiPrestadorWebhooksId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/credenciais/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a machine credential
         * @description Changes only the fields sent: an omitted allowlist or limit is kept. `nome`: 1-100 characters, trimmed. `limitePorMinuto`: an integer from 1 to 100000, or null for no limit. `ipAllowlist`: at most 50 IPv4/IPv6 addresses or CIDR ranges. A revoked credential cannot be changed (409); a deactivated one (`ativo: false`) can be reactivated. A credential outside the provider’s scope is 404.
         *
         *     Portal JWT of role `prestador`.
         */
        put: operations["putApiPrestadorCredenciaisId"];
        post?: never;
        /**
         * Revoke a machine credential
         * @description A soft delete (inactive, `revogadoEm` set), final. Revoking a revoked credential changes nothing.
         *
         *     Portal JWT of role `prestador`.
         */
        delete: operations["deleteApiPrestadorCredenciaisId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plantonista/predilecoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The physician’s active preferences per secretariat
         * @description Portal JWT of role `plantonista`.
         */
        get: operations["getApiPlantonistaPredilecoes"];
        /**
         * Add or replace the preference of a secretariat
         * @description Adds or replaces the preference of its `secretariaId`. `ativo: false` takes it off the list of active preferences. `turnos` must not repeat; `valorMinimo` is a decimal string such as "1500.00", or null.
         *
         *     Portal JWT of role `plantonista`.
         */
        put: operations["putApiPlantonistaPredilecoes"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plantonista/perfil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The physician’s profile, personal data masked
         * @description A physician without a profile yet gets one started from the portal user (name and e-mail).
         *
         *     Portal JWT of role `plantonista`.
         */
        get: operations["getApiPlantonistaPerfil"];
        /**
         * Change the physician’s contact, address and specialty
         * @description Changes only the fields sent (the body may be omitted or empty) and answers the whole profile. `telefone` must be a phone number with its country code. The address is geocoded before anything is written: one the geocoder cannot place is a 400 on `endereco`. `nome`, `cpf`, `crm` and `crmUf` are set by the application: sending them is a 400 naming the field. Nothing is written on a 400; 409 when the profile keeps changing concurrently.
         *
         *     Portal JWT of role `plantonista`.
         */
        put: operations["putApiPlantonistaPerfil"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plantonista/perfil-busca": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The physician’s vacancy-search profile
         * @description Portal JWT of role `plantonista`.
         */
        get: operations["getApiPlantonistaPerfilBusca"];
        /**
         * Replace the physician’s vacancy-search profile
         * @description Replaces it whole. `diasSemana`: at least one, no repeats. `raioKm`: an integer from 1 to 500. `periodos`: 1 to 8 shifts or `{inicio, fim}` hours (HH:MM, which may cross midnight but not be empty), no repeats.
         *
         *     Portal JWT of role `plantonista`.
         */
        put: operations["putApiPlantonistaPerfilBusca"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plantonista/disponibilidade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The physician’s availability windows for the next 90 days
         * @description Portal JWT of role `plantonista`.
         */
        get: operations["getApiPlantonistaDisponibilidade"];
        /**
         * Replace the available periods of one day
         * @description Only the next 90 days (today in São Paulo to today + 89). The day’s DISPONIVEL windows are replaced by `periodos` (an empty list clears them); RESERVADO windows are kept as they are. Periods are `[inicio, fim)` within one day, at most 24, `fim` may be `24:00`. A 400 names the field: a date outside the window or malformed, a time malformed, an end not after its start, overlapping periods, a period over a kept window. Nothing is written on a 400. A concurrent change of a day is re-read and re-applied; 409 when it keeps changing.
         *
         *     Portal JWT of role `plantonista`.
         */
        put: operations["putApiPlantonistaDisponibilidade"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plantonista/disponibilidade/lote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the available periods of several days at once
         * @description The same `periodos` on 1 to 90 distinct days (a repeated day is a 400), in one transaction: all days or none. Only the next 90 days (today in São Paulo to today + 89). The day’s DISPONIVEL windows are replaced by `periodos` (an empty list clears them); RESERVADO windows are kept as they are. Periods are `[inicio, fim)` within one day, at most 24, `fim` may be `24:00`. A 400 names the field: a date outside the window or malformed, a time malformed, an end not after its start, overlapping periods, a period over a kept window. Nothing is written on a 400. A concurrent change of a day is re-read and re-applied; 409 when it keeps changing.
         *
         *     Portal JWT of role `plantonista`.
         */
        put: operations["putApiPlantonistaDisponibilidadeLote"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/templates-hsm/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One template
         * @description Another application’s template is the same 404 as an unknown one.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWhatsappTemplatesHsmId"];
        /**
         * Edit a template (back to RASCUNHO)
         * @description Only in RASCUNHO, REJEITADO or PAUSADO (409 otherwise). The fields the body carries replace the current ones, then the whole is checked. `corpo` numbers its variables `{{1}}`, `{{2}}`... without gaps, not at its very start or end; `variaveis` names exactly one appointment field per variable; `procedimentos` and `botoes` must not repeat (case, accents and spacing ignored). A bad field is a 400 naming it, with nothing written.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminWhatsappTemplatesHsmId"];
        post?: never;
        /**
         * Delete a template
         * @description An APROVADO template cannot be deleted (400, with `estado`): archive it instead.
         *
         *     Portal JWT of role `admin`.
         */
        delete: operations["deleteApiAdminWhatsappTemplatesHsmId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/setores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One sector, with its counts
         * @description Another application’s sector is the same 404 as an unknown one.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWhatsappSetoresId"];
        /**
         * Change a sector
         * @description The fields the body carries replace the current ones. `codigo` is stored upper case: 1 to 40 letters, digits, `-` or `_`, unique within the application (another sector’s code is 409). `nome` 1 to 100 characters. `numeros` must be WhatsApp numbers of the application (with their country code), each in at most one sector (409 otherwise). `atendentes`: at most 50 user ids of the application. Nothing is written on a refusal.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminWhatsappSetoresId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description Generated from the route table (`npm run openapi`); cacheable for an hour. Under `npm start`, /docs renders it.
         */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys of the access and portal tokens (JWK Set)
         * @description RFC 7517. Every key that may sign a live token: during a rotation a new key is listed 16 minutes before it signs and the old one until its tokens have expired. Cacheable for 5 minutes; pick the key by the token’s `kid`.
         */
        get: operations["getWellKnownJwksJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization server metadata (RFC 8414)
         * @description What a standard OAuth 2.0 client needs to configure itself: the issuer (the service’s public URL, the `iss` of its tokens), the token endpoint, its client authentications, the key set and the scopes. Only the client-credentials grant exists, so no authorization endpoint and no response type.
         *
         *     On a custom domain mapped at its root this is exactly RFC 8414’s location; on an execute-api URL, whose issuer ends in the stage, it is under the stage (`<issuer>/.well-known/oauth-authorization-server`), where clients that append the path (as for OpenID discovery) look. Cacheable for 5 minutes.
         */
        get: operations["getWellKnownOauthAuthorizationServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Portal login with e-mail and password (admin, prestador, plantonista)
         * @description Every refusal is the same 401 `invalid_credentials`, whatever was wrong. Failures are counted per e-mail: the 5th within 15 minutes locks the e-mail, by default for 15 minutes, during which a login answers 429 `too_many_attempts` with Retry-After; a success clears the count.
         */
        post: operations["postApiAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/paciente/codigo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a patient’s one-time login code on WhatsApp
         * @description `aplicacao` is the application’s slug, `telefone` the patient’s phone in E.164. The same 202, given before and whatever the WhatsApp send does, whether or not the phone is a patient’s of the application (a code is sent only when it is): the request is queued and the code sent right after. Limits per phone in the application, counted for any phone: one code every 30 seconds (a request sooner gets the same 202 and is dropped; the previous code stays valid); 5 codes an hour, from the first, after which the answer is 429 `too_many_codes` with Retry-After (seconds until that hour ends); after 10 wrong codes in 24 hours (see `/api/auth/paciente/token`) 429 `too_many_attempts` with Retry-After (seconds until those 24 hours end). A code is 6 digits, valid for 5 minutes; a new one replaces the previous one.
         */
        post: operations["postApiAuthPacienteCodigo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/paciente/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a patient’s one-time code for a patient token
         * @description A code is used once and dies after 5 wrong guesses. Every refusal (unknown application, phone or code, expired or used code) is the same 401 `invalid_code`. Wrong codes are also counted per phone in the application, across codes and whether or not the phone is a patient’s: after 10 within 24 hours (from the first), this route and `/api/auth/paciente/codigo` answer 429 `too_many_attempts` for that phone, with Retry-After (seconds until those 24 hours end), even for the right code. A right code is not counted.
         */
        post: operations["postApiAuthPacienteToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the console session: a new access token and refresh cookie
         * @description Spends the refresh token of the cookie and answers a new access token (as the login does) and the next refresh token in a new cookie. A refresh token is good once: one presented again after it was spent (a stolen copy, or the holder’s own after a thief used it) revokes its whole session, so every later refresh of it is refused and the user logs in again. Two refreshes of one token sent together: one is answered 200, the other is that reuse. The console keeps one refresh in flight across its tabs.
         *
         *     A refresh token lives 12 hours from its issue and never more than 24 hours from the login. Refused also once the user is deleted or deactivated, its role or password changed, or its application is inactive. Every refusal is the same 401 `invalid_grant`, which clears the cookie.
         */
        post: operations["postApiAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the console session
         * @description Revokes the session of the cookie’s refresh token (spent or not: every token of the session is refused from then on) and clears the cookie. 204 also without a cookie or with one that is no longer valid.
         */
        post: operations["postApiAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every application, by id
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAplicacoes"];
        put?: never;
        /**
         * Register an application with its first API key pair
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     `slug`: 3 to 40 lower-case letters, digits or hyphens, not starting or ending with a hyphen; 409 when another application has it.
         *
         *     The chosen `provider` needs its complete settings block (`link` needs none); `baseUrl` defaults to the provider’s public API.
         *
         *     Provider secrets are kept in the secret store and answered masked; the API secret (`credenciais.apiSecret`) is shown only in this answer.
         *
         *     provider_a’s `fromNumber` becomes one of the application’s WhatsApp numbers (409 when another application holds it).
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAplicacoes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One application, with its balance
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAplicacoesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the provider and/or its settings
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     The fields given replace the stored ones; the others are kept. The provider in effect must have complete settings, and so must a block given for the other provider (400 naming the missing one). The change applies from the next request on.
         *
         *     Only a platform administrator may set a `baseUrl` (403 `forbidden`).
         *
         *     A new provider_a `fromNumber` becomes one of the application’s WhatsApp numbers (409, nothing changed, when another application holds it).
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminAplicacoesIdProvider"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/credenciais": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the API key pair
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     The previous pair stops working in the same write. The secret is shown only in this answer.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAplicacoesIdCredenciais"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The application’s OAuth2 clients
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     Revoked clients are listed too, with their revogadoEm. No secret is ever shown again.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAplicacoesIdOauthClients"];
        put?: never;
        /**
         * Register an OAuth2 client with its scopes
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     `scopes`: at least one, each a known scope; the client may ask only for these. The client secret is shown only in this answer.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAplicacoesIdOauthClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/creditos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add credit to the application’s balance
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     `valor`: a decimal string greater than 0 with at most 2 decimal places. Posts a CREDIT statement entry (referenciaTipo CREDITO); its default descricao is “Crédito adicionado pelo painel administrativo”.
         *
         *     409 when the balance keeps changing concurrently: try again.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAplicacoesIdCreditos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/usuarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the application’s portal users
         * @description The portal users of the admin’s own application (a platform administrator’s too: its token’s application), every role, never a password; paged (`page` from 0, `size` 1 to 100, default 20), in the order of their ids as text.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminUsuarios"];
        put?: never;
        /**
         * Create a portal user
         * @description The user belongs to the admin’s own application; a platform administrator may name another one with `aplicacaoId` (for any other admin another application is a 404) and only it may create another platform administrator (`plataforma`, 403 otherwise).
         *
         *     admin, prestador, plantonista: `senha` required (12 to 256 characters), no `telefone`. paciente: `telefone` in E.164 required, no `senha` (one-time codes). prestador: `prestadorId` of a prestador of the same application; no other role takes one. `plataforma` only for an admin.
         *
         *     409 when the e-mail (or a paciente’s phone) is already in use.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminUsuarios"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tarifas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tariff catalogue, by id
         * @description A platform administrator sees every tariff; any other admin the global ones and its own application’s. Inactive and out-of-validity tariffs are included.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminTarifas"];
        put?: never;
        /**
         * Create a tariff
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     `categoria`, `subtipo`, `unidade`: upper-case letters, digits and `_`. `valor`: a decimal string of at least 0 with at most 2 decimal places. `aplicacaoId` absent or null: a global tariff. `vigenciaInicio`/`vigenciaFim`: dates (YYYY-MM-DD), inclusive, the end not before the start.
         *
         *     Absent descriptions are derived from the codes; `ativo` defaults to true.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminTarifas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tarifas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a tariff
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     Only the fields sent change, under the same rules as at creation.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminTarifasId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/estornos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a debit of the statement
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     Posts a CREDIT of the debit’s valor (referenciaTipo ESTORNO, referenciaId the refunded entry). An entry is refunded at most once: a second refund (or of a failed send already compensated) is a 409.
         *
         *     Only a debit greater than 0.00 can be refunded (400 naming lancamentoId); an unknown entry is a 404.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAplicacoesIdEstornos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/resumo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overview of the token’s application (the console’s Início)
         * @description For the application of the token (a platform administrator’s is its own). Days are calendar days in America/Sao_Paulo, the time zone of every timestamp of the API.
         *
         *     Spend is debits minus refunds (credits of `referenciaTipo` ESTORNO and ESTORNO_FALHA_ENVIO) of the day’s entries; other credits are not spend. `saldoBaixo` is true below the cost of 100 messages at the message tariff in force.
         *
         *     Messages count on the day they were sent, under their current status, so a day’s counts move as its messages are delivered and read.
         *
         *     Read from counters kept with the data: the same few requests whatever the application’s history.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminResumo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/extrato": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statement of the token’s application, newest first, with filters
         * @description For the application of the token. `de` and `ate` are the first and last days (YYYY-MM-DD, America/Sao_Paulo, both included); `ate` before `de`, or a day that does not exist, is 400.
         *
         *     `referenciaTipo` keeps the entries of one origin (CREDITO, MENSAGEM_ENVIADA, ESTORNO, ESTORNO_FALHA_ENVIO, ...). Each entry’s `saldoPosterior` is the running balance after it.
         *
         *     A page of the whole statement or of a period is one key range; with `referenciaTipo` the period’s entries are read newest first until the page is full.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminExtrato"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/extrato/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered statement as CSV
         * @description The entries `GET /api/admin/extrato` selects with the same filters, oldest first (chain order), as `text/csv; charset=utf-8`, a download named `extrato-<de>-<ate>.csv` (`inicio` without `de`, today without `ate`). `de` and `ate` are the first and last days (YYYY-MM-DD, America/Sao_Paulo, both included); `ate` before `de`, or a day that does not exist, is 400.
         *
         *     Columns: `id`, `criadoEm`, `tipo`, `referenciaTipo`, `referenciaId`, `descricao`, `valor`, `saldoAnterior`, `saldoPosterior`; lines end CRLF, decimals use a dot, fields with a comma, quote or line break are quoted (RFC 4180). `valor` is signed (a debit negative), so without `referenciaTipo` the column sums to the change in balance over the period. A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so no spreadsheet runs it as a formula (numbers are left as they are).
         *
         *     At most 10000 entries: a period holding more is 422 `unprocessable_entity` with `total` and `maximo` (narrow it).
         *
         *     A route of its own rather than `Accept: text/csv` on the list: one media type per answer keeps the contract and the generated client plain, and a cache or the gateway never mixes the two answers of one URL.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminExtratoCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/numeros": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the application’s WhatsApp numbers
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     Numbers with their country code, normalised to E.164, repeats dropped, at most 10. Inbound messages find their application by these numbers, so each belongs to one application on the whole platform (409, nothing changed, when another holds one).
         *
         *     While the application sends through provider_a, its `fromNumber` must stay one of them (400).
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminAplicacoesIdNumeros"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/ativo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Activate or deactivate an application
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     An inactive application’s API key gets 401 at once and its sends 403; OAuth access tokens already issued stay valid until they expire.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminAplicacoesIdAtivo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/ritmo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the application’s campaign pace
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     `mensagensPorSegundo`: an integer from 1 to 1000 (the most WhatsApp’s cloud API lets one business number send). Campaigns never start more messages than this in any second, however many workers run; a running campaign follows the new pace from its next slice (at most 20 s). Direct API sends are not paced.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminAplicacoesIdRitmo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/prestadores/{prestadorId}/ativo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Activate or deactivate a prestador
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     An inactive prestador’s credentials are refused (401) by their authorizer. 404 when the application has no such prestador.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminAplicacoesIdPrestadoresPrestadorIdAtivo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/oauth-clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an OAuth2 client
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     The token endpoint refuses the client from now on (it stays listed, with revogadoEm); tokens it already got live until they expire. Revoking it again changes nothing. 404 when the application has no such client.
         *
         *     Portal JWT of role `admin`.
         */
        delete: operations["deleteApiAdminAplicacoesIdOauthClientsClientId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/carimbo-tempo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Turn RFC 3161 time stamps on or off
         * @description An admin who is not a platform administrator may only name its own application: any other id is a 404.
         *
         *     With `ativo` true, every consent change of its patients, every `/execucao` result and every refund (POST /api/admin/aplicacoes/{id}/estornos) gets an RFC 3161 time-stamp token from the time-stamp authority, over the SHA-256 of the exact bytes kept for that event, charged one CARIMBO_TEMPO entry (tariff CARIMBO_TEMPO/RFC3161) per token. The event never waits on the TSA: its stamp is PENDENTE until the token is kept, retried every minute while the TSA does not answer (docs/stamps.md). Events before the switch are not stamped.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminAplicacoesIdCarimboTempo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/carimbos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One RFC 3161 time stamp
         * @description A stamp of the token’s application (a platform admin: of any application); another application’s, or an unknown id, is 404. `status` PENDENTE (the TSA has not stamped it yet: `carimbo` null, retried every minute) or CARIMBADO (`carimbo` with the bytes and the token, `lancamentoId` its CARIMBO_TEMPO entry).
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminCarimbosId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/consentimentos/{tipo}/historico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One consent’s history with its time stamps
         * @description Every grant and revocation of the consent, oldest first, each with `carimbo`: when the application stamps its events (PUT /api/admin/aplicacoes/{id}/carimbo-tempo), the base64 of the exact bytes kept for the change (`dados`) and of the DER RFC 3161 TimeStampToken over their SHA-256 (`token`); `openssl ts -verify -data <dados> -in <token> -token_in -CAfile <the TSA CA>` verifies it. An unknown `tipo` is 404; a consent never set has an empty history.
         *
         *     Portal JWT of role `paciente`.
         */
        get: operations["getApiV4SaudeConsentimentosTipoHistorico"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/setores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the application’s sectors
         * @description The default sector (`GERAL`, whose id is the application’s id) first, then by id.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWhatsappSetores"];
        put?: never;
        /**
         * Create a sector
         * @description `codigo` is stored upper case: 1 to 40 letters, digits, `-` or `_`, unique within the application (another sector’s code is 409). `nome` 1 to 100 characters. `numeros` must be WhatsApp numbers of the application (with their country code), each in at most one sector (409 otherwise). `atendentes`: at most 50 user ids of the application. Nothing is written on a refusal.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWhatsappSetores"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks-entrada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the inbound webhook subscriptions
         * @description Active and deactivated, by id; secrets are never shown (`temSegredo`).
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWebhooksEntrada"];
        put?: never;
        /**
         * Subscribe to the generic inbound webhook
         * @description Answers the secret once (`segredo`): every call of the webhook must then carry `X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>` with an active secret. `comSegredo: false` makes a subscription without a secret (`segredo` null); calls are accepted unsigned only while no active subscription has one.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWebhooksEntrada"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks-entrada/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Deactivate an inbound webhook subscription
         * @description Deactivating again answers 204 as well; another application’s subscription is 404.
         *
         *     Portal JWT of role `admin`.
         */
        delete: operations["deleteApiAdminWebhooksEntradaId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks-entrada/eventos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The generic inbound webhook calls received, newest first
         * @description Kept for audit for 90 days. The page carries no totals.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWebhooksEntradaEventos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mensagens-recebidas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Patients’ messages received, newest first
         * @description `telefone` (with its country code) filters by the patient’s phone; a value that is not a phone number is a 400.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminMensagensRecebidas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mensagens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages the token’s application sent, newest first, with filters
         * @description For the application of the token. `status` and `contexto` keep one value; `telefone` (with its country code; anything else is 400) the messages to one patient; `de` and `ate` are the first and last send days (YYYY-MM-DD, America/Sao_Paulo, both included); `ate` before `de`, or a day that does not exist, is 400.
         *
         *     `totalElements` comes from counters (per status and context, and per send day for a period), so it costs the same whatever the history; with `telefone` it is a count of the period’s messages (of the whole history without a period), so give a period with a phone.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminMensagens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mensagens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One message with its status timeline and statement entry
         * @description Another application’s message is the same 404 as an unknown one.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminMensagensId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mensagens/{id}/cancelar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a scheduled message before it is sent
         * @description A message scheduled with `agendarPara` (SCHEDULED) becomes CANCELED and is never sent nor charged, as `DELETE /api/external/messages/{id}` cancels it; a canceled one answers the same. One already sent, or being sent (or failed at its time), is 409; another application’s message is the same 404 as an unknown one. The answer is the message as `GET /api/admin/mensagens/{id}` shows it.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminMensagensIdCancelar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/atendimentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inbox: one open status’s attendances, by sector
         * @description `status` BOT, FILA (the default: the queue) or EM_ANDAMENTO (taken by an attendant), optionally of one sector (`setorId`; a sector of another application lists nothing); oldest first (by when each entered its status); paged (`page` from 0, `size` 1 to 100, default 20). Closed attendances (ENCERRADO) are not listed (400): each is read by its id, e.g. from the received messages.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAtendimentos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/atendimentos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One attendance, with its whole conversation
         * @description The attendance, its conversation in order (each message with its time, direction and, for an answer, its delivery status) and when the patient’s 24-hour customer-service window closes (`janelaAtendimentoFechaEm`). Messages stored before conversations were kept per attendance are not in `conversa`. Another application’s attendance is the same 404 as an unknown one.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAtendimentosId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/atendimentos/{id}/assumir": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take an attendance (BOT or FILA -> EM_ANDAMENTO)
         * @description The calling portal user becomes its attendant. Taking again one’s own attendance answers 200 unchanged; one another attendant took, or a closed one, is 409.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAtendimentosIdAssumir"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/atendimentos/{id}/responder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer the patient of an attendance
         * @description Only an attendance in EM_ANDAMENTO (taken first) can be answered: otherwise 409. `mensagem`: 1 to 4096 characters, not blank. The answer goes through the normal send path, charged on the statement (`contexto` SUPORTE): 402 with `saldo` when the balance is short; 400 `provider_rejected` (with `providerCode`, `mensagemId`) when the provider refuses it and 502 `provider_unavailable` when it cannot be reached, with nothing charged. With `Idempotency-Key`, a repeat answers the first result (header `Idempotent-Replayed: true`); the same key for another request is 422, while the first is under way 409. When the patient’s last message in the attendance came from the patient app (`canal` APP), the answer goes back to the app, not to WhatsApp: 201, kept in the patient’s chat and the conversation with its APP_CHAT charge in one commit (402 with `saldo` when the balance is short, nothing written), then pushed to the patient’s devices while its NOTIFICACOES_PUSH consent is granted (each push APP_PUSH). `Idempotency-Key` holds there too: the key is reserved in that commit, and a repeat answers the first result once its pushes are done (409 until then).
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAtendimentosIdResponder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/atendimentos/{id}/encerrar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close an attendance
         * @description From any open state; closing a closed attendance answers 200 unchanged. The patient’s next message opens a new attendance.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAtendimentosIdEncerrar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/ia": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AI assistant’s settings
         * @description Automatic answers off, with no instructions, until set (`atualizadoEm` null).
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWhatsappIa"];
        /**
         * Set the AI assistant’s settings (automatic answers)
         * @description `autoResposta`: when on, a patient’s message that reaches an attendance in BOT, and is not one of the appointment flow’s reply words, is answered by the AI assistant from `instrucoes` (what it may tell patients: address, hours, documents; at most 4000 characters, required when `autoResposta` is on), `horarioAtendimento` (at most 200) and the sectors’ names. The answer is an ordinary message (`contexto` SUPORTE, in the attendance’s conversation, charged as a message) plus one AI interaction (statement entry IA_INTERACAO at the tariff IA/AUTO_RESPOSTA).
         *
         *     The attendance goes to its sector’s queue instead (and nothing is charged for the AI) when the patient asks for a person, when the instructions do not answer the question, when the guardrail refuses it (a clinical question, a personal identifier), when the balance does not cover the interaction or the message, when the model does not answer, or after 3 automatic answers in the attendance. CPF, card, phone and other long numbers and e-mail addresses are removed from the patient’s text before it reaches the model.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminWhatsappIa"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/atendimentos/{id}/sugestao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An answer suggested by the AI assistant (not sent)
         * @description The AI assistant reads the attendance’s conversation (identifiers removed) with the application’s instructions and suggests the next answer for the operator to edit and send (`responder`); nothing is sent. Charged as one AI interaction (statement entry IA_INTERACAO at the tariff IA/CONSULTOR): 402 with `saldo` when the balance does not cover it.
         *
         *     409 for a closed attendance; 422 when the patient has written no text yet or the guardrail refused the conversation (a clinical question, a personal identifier), nothing charged; 503 `service_unavailable` when the model does not answer. Another application’s attendance is 404.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAtendimentosIdSugestao"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/templates-hsm/sugestoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Draft a template with the AI assistant (RASCUNHO)
         * @description `objetivo` (1 to 500 characters: what the message is for), `categoria` (UTILITY, MARKETING, AUTHENTICATION), `idioma` (default pt_BR). The AI assistant writes the body, its variables (each an appointment field) and up to 3 quick-reply buttons; the draft must pass the same rules as a template typed by hand (a UTILITY template has no promotional text), and becomes a new RASCUNHO template with `procedimentos` `["A definir"]`, to be edited before it is submitted.
         *
         *     Charged as one AI interaction (statement entry IA_INTERACAO at the tariff IA/GERACAO_CONTEUDO), committed with the template: 402 with `saldo` when the balance does not cover it, nothing written.
         *
         *     422 when the assistant refused the objective (a clinical topic, a personal identifier) or its draft did not pass the rules (`field` names the rule’s field): nothing charged, nothing written. 503 `service_unavailable` when the model does not answer.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWhatsappTemplatesHsmSugestoes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ia/resumo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The platform’s AI margin: a month’s interactions per application
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     `mes` (YYYY-MM, America/Sao_Paulo; default the current month). For each application with AI interactions that month (automatic answers, reply suggestions, template drafts; docs/ai.md): how many, how many were charged, the model’s input and output tokens, what was charged (`cobrado`, the IA_INTERACAO entries), what the tokens cost at the model’s published on-demand price converted at the current USD->BRL rate (`custoModelo`, six places), and `margem` (`cobrado - custoModelo`). `custoModelo` and `margem` are null when the model has no known price or there is no rate.
         *
         *     One Query of the month’s totals, kept in each interaction’s own commit.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminIaResumo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/templates-hsm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the application’s templates
         * @description Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWhatsappTemplatesHsm"];
        put?: never;
        /**
         * Create a template (RASCUNHO)
         * @description `corpo` numbers its variables `{{1}}`, `{{2}}`... without gaps, not at its very start or end; `variaveis` names exactly one appointment field per variable; `procedimentos` and `botoes` must not repeat (case, accents and spacing ignored). A bad field is a 400 naming it, with nothing written.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWhatsappTemplatesHsm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/templates-hsm/{id}/submeter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a template for the provider’s review
         * @description From RASCUNHO, REJEITADO or PAUSADO (409 otherwise). The template goes EM_ANALISE holding its procedures: a procedure another template holds is a 409 with nothing sent. A provider that refuses it leaves it REJEITADO with `motivoRejeicao` (200); one out of reach puts it back as it was (502). The `link` provider approves at once.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWhatsappTemplatesHsmIdSubmeter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/templates-hsm/{id}/pausar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a template
         * @description From APROVADO or PAUSADO (unchanged); 409 otherwise. Gives its procedures up.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWhatsappTemplatesHsmIdPausar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/templates-hsm/{id}/arquivar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a template
         * @description From any state; archiving an archived template answers 200 unchanged. Gives its procedures up.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWhatsappTemplatesHsmIdArquivar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/fluxo-agendamentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The appointment flow’s settings
         * @description Portal JWT of role `admin`.
         */
        get: operations["getApiAdminWhatsappFluxoAgendamentos"];
        /**
         * Change the appointment flow’s settings
         * @description The fields the body carries replace the current ones. A reply word (compared with case, accents and spacing ignored) may belong to one list only: 400 naming the list. `horarioEnvioInicio` is a time HH:mm (00:00 to 23:59), `horarioEnvioFim` one from 00:01 to 24:00, and once merged with the current settings the start is before the end (default 08:00–20:00; a window across midnight is not one): 400 naming the field, with nothing written.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminWhatsappFluxoAgendamentos"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/whatsapp/teste": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message through the application’s provider
         * @description **A real WhatsApp message, charged like any send**: a fixed test text goes to `telefone` (with its country code; 400 naming the field otherwise) through the application’s current provider (`provider_a`, `provider_b` or `link`) by the normal send path, `contexto` TESTE, with its statement entry. 402 with `saldo` when the balance cannot pay for it; 400 `provider_rejected` (with `providerCode`, `mensagemId`) when the provider refuses it and 502 `provider_unavailable` when it cannot be reached, with nothing charged. The answer’s `mensagemId` is the message to follow in the message log. With `Idempotency-Key`, a repeat answers the first result.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminWhatsappTeste"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/agendamentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One day’s appointments (the board)
         * @description The appointments of the day `data` (YYYY-MM-DD; the date of an appointment’s `dataLimiteRetirada` when it is a date the flow can read, else the day it was created), optionally only those in `status`; ordered by status (alphabetically), then by id; paged (`page` from 0, `size` 1 to 100, default 20). A day that is not a real date or an unknown status is 400. Appointments created before this board existed join it at their next move.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAgendamentos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/agendamentos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One appointment, its history and the flow’s messages
         * @description Every move with who made it (the flow, an operator with id and name, the patient by reply, the API client, the provider) and when, and the messages the communication flow sent the patient for it with their current status. Another application’s appointment is the same 404 as an unknown one.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAgendamentosId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/agendamentos/{id}/confirmar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an appointment (operator)
         * @description The body may be left out; `motivo` is optional. An operator’s move (`por.tipo` operador, with the portal user’s id and name in the history), by the state machine: from any open status; repeating the current status is a 200 no-op (nothing recorded, no event); a closed appointment (CANCELADO, REALIZADO, FALTOU) is 409. Another application’s appointment is 404. The move stops the flow’s timers, and a move into CONFIRMADO or CANCELADO sends AGENDAMENTO_CONFIRMADO or AGENDAMENTO_CANCELADO to the provider’s webhooks, as a v2 PATCH does. `motivo`: 1 to 1000 characters once trimmed, kept as the history entry’s `observacao`.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAgendamentosIdConfirmar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/agendamentos/{id}/cancelar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an appointment with a reason (operator)
         * @description `motivo` is required. An operator’s move (`por.tipo` operador, with the portal user’s id and name in the history), by the state machine: from any open status; repeating the current status is a 200 no-op (nothing recorded, no event); a closed appointment (CANCELADO, REALIZADO, FALTOU) is 409. Another application’s appointment is 404. The move stops the flow’s timers, and a move into CONFIRMADO or CANCELADO sends AGENDAMENTO_CONFIRMADO or AGENDAMENTO_CANCELADO to the provider’s webhooks, as a v2 PATCH does. `motivo`: 1 to 1000 characters once trimmed, kept as the history entry’s `observacao`.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAgendamentosIdCancelar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/agendamentos/{id}/reprocessar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Process an appointment in ERRO again
         * @description The state machine’s ERRO → IMPORTADO, by the flow on the operator’s word (the history entry’s `por` is `fluxo` with the admin’s id): the appointment is due at once and the flow validates and notifies it like a new one. An appointment in any other status is 409; another application’s is 404.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAgendamentosIdReprocessar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/campanhas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The application’s campaigns, newest first
         * @description Portal JWT of role `admin`.
         */
        get: operations["getApiAdminCampanhas"];
        put?: never;
        /**
         * Create a campaign from a list of recipients
         * @description Exactly one of `mensagem` and `templateId` (an APROVADO template of the application). Up to 10,000 recipients; each phone is normalised (country code required); a repeated phone, an invalid one, or a recipient lacking a variable its text needs is kept as IGNORADA with its reason, never sent. A patient who opted out (the flow’s opt-out words, or the WhatsApp consent revoked in the app) is IGNORADA with `OPT_OUT` when its turn comes. `agendarPara`: a local date-time of America/Sao_Paulo (YYYY-MM-DDTHH:mm:ss), 1 minute to 35 days ahead; without it the campaign starts at once. Each recipient is one ordinary send (`contexto` CAMPANHA unless given, `contextoId` the campaign; debited at the tariff in force then), at most the application’s pace per second across every worker (80 unless the platform admin set another), and only inside the application’s send window (`horarioEnvioInicio`–`horarioEnvioFim` of the flow settings, default 08:00–20:00): outside it the campaign waits and resumes by itself. A balance that runs out pauses it with `SALDO_INSUFICIENTE`; `retomar` after a credit goes on from the first recipient not sent. `simular=true`: the same checks and the estimated cost (200), nothing written.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminCampanhas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/campanhas/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a campaign from a CSV file of recipients
         * @description The body is the file (`text/csv`, UTF-8 with or without a BOM, `;` or `,` separated as spreadsheets export them, fields quoted as RFC 4180 says); its header row names the columns: `telefone` (required), `nome`, and any other column is a variable of the recipient’s text. The campaign’s own fields are query parameters. A malformed file is a 400 whose `erros` name each bad line and field (up to 20), nothing written. Exactly one of `mensagem` and `templateId` (an APROVADO template of the application). Up to 10,000 recipients; each phone is normalised (country code required); a repeated phone, an invalid one, or a recipient lacking a variable its text needs is kept as IGNORADA with its reason, never sent. A patient who opted out (the flow’s opt-out words, or the WhatsApp consent revoked in the app) is IGNORADA with `OPT_OUT` when its turn comes. `agendarPara`: a local date-time of America/Sao_Paulo (YYYY-MM-DDTHH:mm:ss), 1 minute to 35 days ahead; without it the campaign starts at once. Each recipient is one ordinary send (`contexto` CAMPANHA unless given, `contextoId` the campaign; debited at the tariff in force then), at most the application’s pace per second across every worker (80 unless the platform admin set another), and only inside the application’s send window (`horarioEnvioInicio`–`horarioEnvioFim` of the flow settings, default 08:00–20:00): outside it the campaign waits and resumes by itself. A balance that runs out pauses it with `SALDO_INSUFICIENTE`; `retomar` after a credit goes on from the first recipient not sent. `simular=true`: the same checks and the estimated cost (200), nothing written.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminCampanhasCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/campanhas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One campaign and its progress
         * @description Another application’s campaign is the same 404 as an unknown one.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminCampanhasId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/campanhas/{id}/destinatarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign’s recipients, in list order, optionally of one status
         * @description Portal JWT of role `admin`.
         */
        get: operations["getApiAdminCampanhasIdDestinatarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/campanhas/{id}/pausar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a campaign
         * @description pausar: from AGENDADA or EM_ANDAMENTO; retomar: from PAUSADA (a scheduled campaign paused before its time starts at once); cancelar: from AGENDADA, EM_ANDAMENTO or PAUSADA, leaving the recipients not yet sent PENDENTE. Any other status is 409; another application’s campaign is 404. A send already under way when it is paused or canceled completes.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminCampanhasIdPausar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/campanhas/{id}/retomar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused campaign
         * @description pausar: from AGENDADA or EM_ANDAMENTO; retomar: from PAUSADA (a scheduled campaign paused before its time starts at once); cancelar: from AGENDADA, EM_ANDAMENTO or PAUSADA, leaving the recipients not yet sent PENDENTE. Any other status is 409; another application’s campaign is 404. A send already under way when it is paused or canceled completes.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminCampanhasIdRetomar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/campanhas/{id}/cancelar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a campaign
         * @description pausar: from AGENDADA or EM_ANDAMENTO; retomar: from PAUSADA (a scheduled campaign paused before its time starts at once); cancelar: from AGENDADA, EM_ANDAMENTO or PAUSADA, leaving the recipients not yet sent PENDENTE. Any other status is 409; another application’s campaign is 404. A send already under way when it is paused or canceled completes.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminCampanhasIdCancelar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The application’s integrations
         * @description Portal JWT of role `admin`.
         */
        get: operations["getApiAdminIntegracoes"];
        put?: never;
        /**
         * Create an integration
         * @description A legacy system the agent reads: BANCO (a database) or API (an HTTP API). The secrets are write-only: stored in the secret store, answered only as masks.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminIntegracoes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integracoes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One integration
         * @description Portal JWT of role `admin`.
         */
        get: operations["getApiAdminIntegracoesId"];
        /**
         * Replace an integration’s settings
         * @description Replaces the settings. A secret left out (or `segredos` left out) keeps its stored value; `null` removes it. A change made concurrently is read again, never overwritten: 409 when it keeps changing.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminIntegracoesId"];
        post?: never;
        /**
         * Delete an integration, revoking its certificates
         * @description Revokes every certificate of the integration first (the CRL is re-issued), then deletes it. 409 when the integration changed meanwhile (read it again).
         *
         *     Portal JWT of role `admin`.
         */
        delete: operations["deleteApiAdminIntegracoesId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integracoes/{id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent’s execution logs of an integration, newest first
         * @description A page at a time: `limite` (1-100, default 20) and `cursor`, the previous page’s `proximoCursor` (opaque; a malformed one is 400 naming `cursor`). Logs are kept 90 days.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminIntegracoesIdLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integracoes/{id}/certificados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The integration’s agent certificates, revoked ones too
         * @description Portal JWT of role `admin`.
         */
        get: operations["getApiAdminIntegracoesIdCertificados"];
        put?: never;
        /**
         * Issue an agent certificate from the agent’s CSR
         * @description The CSR (PKCS#10, PEM) must be self-signed by an ECDSA P-256/P-384 or an RSA (2048 bits or more) key with SHA-256/384/512; anything else is 400 naming `csr`. Validity 1-825 days (default 365). The subject is the service’s, binding the certificate to the application and the integration; the private key never leaves the agent.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminIntegracoesIdCertificados"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integracoes/{id}/certificados/{serial}/revogar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an agent certificate
         * @description Revokes it and publishes the CRL at once. Revoking it again is 200 and changes nothing. The body may be left out. An unknown serial (or one that is not hexadecimal) is 404.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminIntegracoesIdCertificadosSerialRevogar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/credenciais": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider’s machine credentials
         * @description Revoked ones included, oldest first; never a secret.
         *
         *     Portal JWT of role `prestador`.
         */
        get: operations["getApiPrestadorCredenciais"];
        put?: never;
        /**
         * Create a machine credential (nbwp_) for the provider
         * @description The secret is shown only in this answer. `nome`: 1-100 characters, trimmed. `limitePorMinuto`: an integer from 1 to 100000, or null for no limit. `ipAllowlist`: at most 50 IPv4/IPv6 addresses or CIDR ranges. `ativo` defaults to true. 409 when the provider is inactive.
         *
         *     Portal JWT of role `prestador`.
         */
        post: operations["postApiPrestadorCredenciais"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/credenciais/{id}/regenerar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the secret of a machine credential
         * @description Keeps the public key; the previous secret stops working at once. The new secret is shown only in this answer. A revoked credential is 409.
         *
         *     Portal JWT of role `prestador`.
         */
        post: operations["postApiPrestadorCredenciaisIdRegenerar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider’s webhooks
         * @description Portal JWT of role `prestador`.
         */
        get: operations["getApiPrestadorWebhooks"];
        put?: never;
        /**
         * Subscribe a URL to the provider’s appointment events
         * @description `url`: absolute https (at most 2048 characters, no user name or password, no fragment) whose host resolves only to public addresses. `secret`: `whsec_` + canonical base64 of 24 to 64 bytes. `eventos`: 1 or more of the four AGENDAMENTO_* events (duplicates dropped). A 400 names the field; nothing is written. Without `secret` one is generated; `eventos` defaults to all four; `ativo` to true. The secret is shown only in this answer. 409 when the provider is inactive.
         *
         *     Portal JWT of role `prestador`.
         */
        post: operations["postApiPrestadorWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/webhooks/{id}/entregas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log of a webhook, newest first
         * @description Portal JWT of role `prestador`.
         */
        get: operations["getApiPrestadorWebhooksIdEntregas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/webhooks/{id}/entregas/{entregaId}/reenviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a delivery
         * @description Puts the delivery back to PENDENTE, due now, whatever its state, and queues one attempt counted after the ones made. Takes no body. An unknown delivery is 404; an inactive webhook is 409.
         *
         *     Portal JWT of role `prestador`.
         */
        post: operations["postApiPrestadorWebhooksIdEntregasEntregaIdReenviar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/webhooks/{id}/segredo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reveal the signing secret of a webhook
         * @description The current Standard Webhooks signing secret (`whsec_...`), as the delivery consumer signs with it, with `Cache-Control: no-store`. A webhook of another provider or application is 404, as an unknown id.
         *
         *     Portal JWT of role `prestador`.
         */
        get: operations["getApiPrestadorWebhooksIdSegredo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/webhooks/{id}/teste": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook
         * @description Delivers to this webhook alone an example event of `evento` (by default the first it subscribes to): a real delivery (signed, logged, retried on the schedule, resendable), whose body is an event as the real ones, with an example appointment (`id` 0, its `observacoes` saying it is a test); no appointment is read or moved. The body may be left out. An event the webhook does not subscribe to is 400; an inactive webhook is 409; another provider’s or application’s webhook is 404.
         *
         *     Portal JWT of role `prestador`.
         */
        post: operations["postApiPrestadorWebhooksIdTeste"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/agendamentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider’s appointments of one day
         * @description The appointments of the application that name the token’s provider, on the day `data` (YYYY-MM-DD, America/Sao_Paulo: the date of an appointment’s `dataLimiteRetirada` when it is a date the flow can read, else the day it was created, as on the console’s board), optionally only those in `status`; ordered by status (alphabetically), then by id; paged (`page` from 0, `size` 1 to 100, default 20). Another provider’s or another application’s appointments are never listed. A day that is not a real date or an unknown status is 400. Appointments created before this view existed join it at their next move.
         *
         *     Portal JWT of role `prestador`.
         */
        get: operations["getApiPrestadorAgendamentos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prestador/agendamentos/{id}/execucao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record by hand that an appointment was carried out (REALIZADO) or missed (FALTOU)
         * @description What `POST /api/external/prestador/v1/execucao` does, for the appointment of the path, from the portal: the same use case, state machine, outbound event (AGENDAMENTO_REALIZADO or AGENDAMENTO_FALTOU to the provider’s webhooks) and answer. The history entry’s `por` is `{tipo: prestador, id: <portal user id>}`.
         *
         *     An appointment of another provider or another application, an unknown id and a malformed one are 404. A closed appointment (REALIZADO, FALTOU or CANCELADO) is 409, with nothing written.
         *
         *     With `Idempotency-Key` the result is stored with the move: a repeat answers `status: replay` with no second effect; the same key with another body is 422. The keys are the provider’s, shared with `/execucao`: a key already used there for the same appointment and body is a replay here too. Refused requests store nothing.
         *
         *     Portal JWT of role `prestador`.
         */
        post: operations["postApiPrestadorAgendamentosIdExecucao"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The patient’s chat with the application
         * @description Paged from the newest: page 0 holds the latest `size` messages; each page is in time order (newest last). Both directions: the patient’s messages and the attendants’ answers that came back to the app.
         *
         *     Portal JWT of role `paciente`.
         */
        get: operations["getApiV4SaudeChat"];
        put?: never;
        /**
         * Write to the application
         * @description `texto`: 1 to 4096 characters, not blank (400 naming the field, nothing written). The message lands in the patient’s open attendance (one is opened when there is none) like a WhatsApp message, with `canal` APP; the attendant’s answer comes back to the app (and as a push while NOTIFICACOES_PUSH is granted). Charged to the application APP_CHAT at its tariff; a balance that does not cover it does not refuse the patient (the message is kept, `valor` 0.00). With `Idempotency-Key` (per patient, kept with the message), a retry answers the message first kept, written and charged once (409 while the first request is still charging it); the same key with another text is 422.
         *
         *     Portal JWT of role `paciente`.
         */
        post: operations["postApiV4SaudeChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/dispositivos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Register the patient’s device for push notifications
         * @description `plataforma`: android or ios; `token`: the device’s push token (FCM or APNs), 1 to 4096 characters. The same token on the same platform registered again is the same device (200); a new one is 201. Pushes go only while the NOTIFICACOES_PUSH consent is granted. 503 when the deployment has no push application for the platform. Under `npm start` pushes land in the outbox folder; a token starting with DESATIVADO stands for a device the push service reports disabled (its first push removes it).
         *
         *     Portal JWT of role `paciente`.
         */
        put: operations["putApiV4SaudeDispositivos"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/saude/dispositivos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one of the patient’s devices
         * @description It gets no more pushes. Another patient’s device, or an unknown id, is 404.
         *
         *     Portal JWT of role `paciente`.
         */
        delete: operations["deleteApiV4SaudeDispositivosId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/plano": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Put the application on a plan
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     `planoId`: an active plan (`GET /api/planos/ativos`), else 400. A change issues the plan’s invoice at once (due in 7 days) and cancels the open invoices of the plan before; the monthly schedule issues one each month after (due on the 10th). The same plan again changes nothing (`fatura` null).
         *
         *     409 when the plan or the invoices changed meanwhile (or an invoice is being paid): try again.
         *
         *     Portal JWT of role `admin`.
         */
        put: operations["putApiAdminAplicacoesIdPlano"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/faturas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The application’s plan invoices, newest first
         * @description A platform administrator reads any application’s; any other admin its own only (another application is a 404). The newest invoice is of the plan in force.
         *
         *     Portal JWT of role `admin`.
         */
        get: operations["getApiAdminAplicacoesIdFaturas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/aplicacoes/{id}/faturas/{faturaId}/pagar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark an invoice paid
         * @description Platform administrators only (403 `forbidden` for any other admin).
         *
         *     Credits the invoice’s `creditos` as one FATURA_PLANO statement entry, committed with its move to PAGA. 409 when it is paid already (nothing is credited again), canceled, or being paid right now (the payment gateway’s webhook). Another application’s invoice is a 404.
         *
         *     Portal JWT of role `admin`.
         */
        post: operations["postApiAdminAplicacoesIdFaturasFaturaIdPagar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/pagamentos/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe: a plan invoice paid (invoice.paid)
         * @description The signature is checked over the exact bytes first: `Stripe-Signature` missing, with a timestamp more than 300 s away, or with no `v1` that is the HMAC-SHA256 of `t.body` keyed with the endpoint secret is a 400 and nothing is read (several `v1` values: any one matching accepts).
         *
         *     An `invoice.paid` event names the invoice with `data.object.metadata.faturaId`: an open invoice is paid, crediting its `creditos` as one FATURA_PLANO statement entry; one paid already is a 200 and nothing is credited again, however often Stripe delivers the event. A 409 means another delivery is paying it at this moment: Stripe retries.
         *
         *     Any other event type, an event without a `faturaId`, or one naming an invoice the service does not have, is a 200 and is ignored (retrying could not change it); so is a canceled invoice (logged for the operator).
         */
        post: operations["postApiWebhooksPagamentosStripe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    AGENDAMENTO_CONFIRMADO: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An appointment was confirmed
         * @description The appointment moved into CONFIRMADO: the patient confirmed (WhatsApp reply) or the application did (v2 PATCH). Sent to the active webhooks of the appointment’s provider (the `prestador` it was created with) that list this event, whoever made the move, only when the status changes into it (a repeated PATCH sends nothing). `timestamp` is when the move happened (local date-time; the `webhook-timestamp` header carries epoch seconds). `data.agendamento` is the appointment after the move; its last history entry is the move. `webhook-id` is `msg_<agendamentoId>_<history index>`: the same on every retry, so drop duplicates on it. Any 2xx answer is a success; anything else (also a redirect, or no answer within the timeout, 15 s by default) is retried, by default after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up.
         */
        post: operations["webhookAGENDAMENTO_CONFIRMADO"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    AGENDAMENTO_CANCELADO: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An appointment was cancelled
         * @description The appointment moved into CANCELADO: the patient cancelled (WhatsApp reply) or the application did (v2 PATCH, whose `observacao`, the reason, is in the last history entry). Sent to the active webhooks of the appointment’s provider (the `prestador` it was created with) that list this event, whoever made the move, only when the status changes into it (a repeated PATCH sends nothing). `timestamp` is when the move happened (local date-time; the `webhook-timestamp` header carries epoch seconds). `data.agendamento` is the appointment after the move; its last history entry is the move. `webhook-id` is `msg_<agendamentoId>_<history index>`: the same on every retry, so drop duplicates on it. Any 2xx answer is a success; anything else (also a redirect, or no answer within the timeout, 15 s by default) is retried, by default after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up.
         */
        post: operations["webhookAGENDAMENTO_CANCELADO"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    AGENDAMENTO_REALIZADO: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An appointment was carried out
         * @description The appointment moved into REALIZADO: its execution was registered (POST /api/external/prestador/v1/execucao with resultado REALIZADO). Sent to the active webhooks of the appointment’s provider (the `prestador` it was created with) that list this event, whoever made the move, only when the status changes into it (a repeated PATCH sends nothing). `timestamp` is when the move happened (local date-time; the `webhook-timestamp` header carries epoch seconds). `data.agendamento` is the appointment after the move; its last history entry is the move. `webhook-id` is `msg_<agendamentoId>_<history index>`: the same on every retry, so drop duplicates on it. Any 2xx answer is a success; anything else (also a redirect, or no answer within the timeout, 15 s by default) is retried, by default after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up.
         */
        post: operations["webhookAGENDAMENTO_REALIZADO"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    AGENDAMENTO_FALTOU: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The patient did not attend an appointment
         * @description The appointment moved into FALTOU: a no-show was registered (POST /api/external/prestador/v1/execucao with resultado FALTOU). Sent to the active webhooks of the appointment’s provider (the `prestador` it was created with) that list this event, whoever made the move, only when the status changes into it (a repeated PATCH sends nothing). `timestamp` is when the move happened (local date-time; the `webhook-timestamp` header carries epoch seconds). `data.agendamento` is the appointment after the move; its last history entry is the move. `webhook-id` is `msg_<agendamentoId>_<history index>`: the same on every retry, so drop duplicates on it. Any 2xx answer is a success; anything else (also a redirect, or no answer within the timeout, 15 s by default) is retried, by default after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up.
         */
        post: operations["webhookAGENDAMENTO_FALTOU"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The service’s error body. Some errors add fields: `field` (the offending field), `saldo` (402), `maxBytes` (413: the route’s body limit in bytes) or `maxRecords` (413: a batch’s limit in records), `requestId` (500). */
        ErrorBody: {
            /** @description Machine-readable code. */
            error: string;
            /** @description For people. */
            message: string;
        };
        AccessTokenResponse: {
            /** @description An RS256 JWT (RFC 9068) carrying `aplicacao_id`; its keys are at /.well-known/jwks.json. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /**
             * Format: int64
             * @description Lifetime in seconds (3600).
             */
            expires_in: number;
            /** @description The scopes granted, space-separated. */
            scope: string;
        };
        /** @description An API key pair (X-Api-Key / X-Api-Secret). The secret is shown only in this answer. */
        AdminApiCredentials: {
            apiKey: string;
            apiSecret: string;
        };
        /** @description An application (tenant), its provider secrets masked. */
        AdminApplication: {
            /** Format: int64 */
            id: number;
            nome: string;
            slug: string;
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "link";
            ativo: boolean;
            /**
             * Format: int64
             * @description Its campaigns’ pace: messages started per second across every worker (80, WhatsApp’s default per business number, unless the platform admin set another).
             */
            mensagensPorSegundo: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            apiKey: string | null;
            /** @description The application’s WhatsApp numbers (E.164), each unique on the platform. */
            numerosWhatsapp: string[];
            providerA: components["schemas"]["AdminProviderASettings"] | null;
            providerB: components["schemas"]["AdminProviderBSettings"] | null;
            /** @description RFC 3161 time stamps of its consent changes, /execucao results and refunds, each charged CARIMBO_TEMPO (docs/stamps.md). */
            carimboTempo: boolean;
        };
        /** @description The new application, its opening balance and its first API key pair. */
        AdminApplicationCreated: {
            /** Format: int64 */
            id: number;
            nome: string;
            slug: string;
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "link";
            ativo: boolean;
            /**
             * Format: int64
             * @description Its campaigns’ pace: messages started per second across every worker (80, WhatsApp’s default per business number, unless the platform admin set another).
             */
            mensagensPorSegundo: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            apiKey: string | null;
            /** @description The application’s WhatsApp numbers (E.164), each unique on the platform. */
            numerosWhatsapp: string[];
            providerA: components["schemas"]["AdminProviderASettings"] | null;
            providerB: components["schemas"]["AdminProviderBSettings"] | null;
            /** @description RFC 3161 time stamps of its consent changes, /execucao results and refunds, each charged CARIMBO_TEMPO (docs/stamps.md). */
            carimboTempo: boolean;
            saldo: components["schemas"]["Money"];
            credenciais: components["schemas"]["AdminApiCredentials"];
        };
        /** @description An application with its prepaid balance (null when it has none). */
        AdminApplicationWithBalance: {
            /** Format: int64 */
            id: number;
            nome: string;
            slug: string;
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "link";
            ativo: boolean;
            /**
             * Format: int64
             * @description Its campaigns’ pace: messages started per second across every worker (80, WhatsApp’s default per business number, unless the platform admin set another).
             */
            mensagensPorSegundo: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            apiKey: string | null;
            /** @description The application’s WhatsApp numbers (E.164), each unique on the platform. */
            numerosWhatsapp: string[];
            providerA: components["schemas"]["AdminProviderASettings"] | null;
            providerB: components["schemas"]["AdminProviderBSettings"] | null;
            /** @description RFC 3161 time stamps of its consent changes, /execucao results and refunds, each charged CARIMBO_TEMPO (docs/stamps.md). */
            carimboTempo: boolean;
            saldo: components["schemas"]["Money"] | null;
        };
        /** @description An appointment as the console shows it: every move with who made it and when, and the flow’s messages to the patient. */
        AdminAppointment: {
            /** Format: int64 */
            id: number;
            /** @description The patient’s phone in +E.164. */
            pacienteTelefone: string;
            procedimento: string;
            pacienteNome: string | null;
            pacienteCpf: string | null;
            prestador: string | null;
            numeroPedido: string | null;
            dataLimiteRetirada: string | null;
            localRetirada: string | null;
            observacoes: string | null;
            medicoSolicitante: string | null;
            /** @enum {string} */
            status: "IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU";
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
            /** @description Every move, oldest first. */
            historico: components["schemas"]["AdminAppointmentHistoryEntry"][];
            /** @description What the communication flow is waiting for (no balance, no template), in words; null when nothing. */
            pendencia: string | null;
            /** @description The flow’s messages to the patient for this appointment, oldest first. */
            mensagens: components["schemas"]["AppointmentFlowMessage"][];
        };
        /** @description One move of an appointment, with who made it (the creation has `de` null). */
        AdminAppointmentHistoryEntry: {
            de: ("IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU") | null;
            /** @enum {string} */
            para: "IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU";
            em: components["schemas"]["LocalDateTime"];
            por: {
                /** @enum {string} */
                tipo: "cliente" | "prestador" | "fluxo" | "paciente" | "operador";
                /** @description Who, within the kind: the portal user’s id (operador), the OAuth client id (cliente), the provider credential id (prestador), the inbound message id of the reply (paciente), the admin who asked for a reprocessing or null (fluxo). */
                id: (string | number) | null;
                /** @description An operator’s name as it was at the move; null for any other kind. */
                nome: string | null;
            };
            /** @description The operator’s `motivo`, the PATCH `observacao` (cancellation reason), the /execucao `observacao`, or the flow’s error text. */
            observacao: string | null;
            /** @description The message the move sent to the patient (the flow’s notification or reminder); null for others. */
            mensagemId: number | null;
        };
        AdminAppointmentPage: {
            content: components["schemas"]["Appointment"][];
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
        };
        /** @description An attendance as the console opens it, with its conversation and the patient’s service window. */
        AdminAttendance: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            status: "BOT" | "FILA" | "EM_ANDAMENTO" | "ENCERRADO";
            paciente: {
                /** Format: int64 */
                id: number;
                nome: string | null;
                /** @description +E.164 */
                telefone: string;
            };
            setor: {
                /** Format: int64 */
                id: number;
                codigo: string | null;
                nome: string | null;
            };
            /** @description The portal user who took it. */
            atendenteId: number | null;
            /**
             * Format: int64
             * @description The patient’s messages in this attendance.
             */
            mensagens: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            filaDesde: components["schemas"]["LocalDateTime"] | null;
            assumidoEm: components["schemas"]["LocalDateTime"] | null;
            encerradoEm: components["schemas"]["LocalDateTime"] | null;
            ultimaMensagemEm: components["schemas"]["LocalDateTime"];
            /** @description Seconds in the queue so far; only while FILA. */
            esperaSegundos: number | null;
            /**
             * @description The channel of the patient’s last message, where an answer goes: WHATSAPP, or APP (the patient app’s chat, and a push).
             * @enum {string}
             */
            canal: "WHATSAPP" | "APP";
            /** @description Every move, oldest first: who moved it, and why the AI assistant handed it over. */
            historico: components["schemas"]["AttendanceMove"][];
            /** @description The whole conversation, oldest first: the patient’s messages and the attendants’ answers. */
            conversa: components["schemas"]["AttendanceConversationMessage"][];
            /** @description When WhatsApp’s 24-hour customer-service window for this patient closes: 24 hours after the patient’s last message to the application (in this attendance, or in the patient’s open one when it wrote again since); null when it never wrote. After it, only an approved template may start a conversation. */
            janelaAtendimentoFechaEm: components["schemas"]["LocalDateTime"] | null;
        };
        AdminAttendancePage: {
            content: components["schemas"]["Attendance"][];
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
        };
        /** @description An integration as the admin sees it: its secrets only as masks. */
        AdminIntegration: {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @description How often the agent runs it, in minutes; null: only when started by hand. */
            intervaloMinutos: number | null;
            ativo: boolean;
            /**
             * Format: int64
             * @description Incremented by every change; a PUT is conditioned on it.
             */
            versao: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
            /** @constant */
            tipoIntegracao: "BANCO";
            conexao: components["schemas"]["IntegrationDatabaseConnection"];
            segredos: {
                /** @description `****` and the last four characters of the secret. */
                senha?: string;
            };
        } | {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @description How often the agent runs it, in minutes; null: only when started by hand. */
            intervaloMinutos: number | null;
            ativo: boolean;
            /**
             * Format: int64
             * @description Incremented by every change; a PUT is conditioned on it.
             */
            versao: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
            /** @constant */
            tipoIntegracao: "API";
            conexao: components["schemas"]["IntegrationApiConnection"];
            segredos: {
                /** @description `****` and the last four characters of the secret. */
                token?: string;
                /** @description `****` and the last four characters of the secret. */
                senha?: string;
            };
        };
        /** @description One message with its status timeline and its statement entry. */
        AdminMessage: {
            /** Format: int64 */
            id: number;
            /** @description The provider’s id of the message; null while it is QUEUED (or SCHEDULED, CANCELED). */
            messageSid: string | null;
            toNumber: string;
            fromNumber: string | null;
            body: string;
            /** @enum {string} */
            status: "QUEUED" | "SENT" | "DELIVERED" | "READ" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED";
            statusDescricao: string;
            dataEnvio: components["schemas"]["LocalDateTime"];
            dataEntrega: components["schemas"]["LocalDateTime"] | null;
            dataLeitura: components["schemas"]["LocalDateTime"] | null;
            errorCode: string | null;
            errorMessage: string | null;
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "link";
            contexto: ("RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE") | null;
            contextoId: number | null;
            usuarioId: number | null;
            tarifaCobrada: components["schemas"]["Money"] | null;
            /** @description A scheduled send’s time (`agendarPara` of its send); null for a message sent at once. While SCHEDULED, `dataEnvio` is this time; once sent, the send’s. */
            agendadoPara: components["schemas"]["LocalDateTime"] | null;
            /** @description Every status the message went through, in order (QUEUED, SENT, DELIVERED, READ; or FAILED with its error). Statuses never move back, so a callback that arrives after a later one leaves no step. */
            historico: components["schemas"]["MessageTimelineStep"][];
            /** @description The statement entry that charged the message (`tarifaCobrada` is its cost); null for a message that was not charged. */
            lancamento: {
                /** Format: int64 */
                id: number;
                /** @enum {string} */
                tipo: "CREDIT" | "DEBIT";
                valor: components["schemas"]["Money"];
                descricao: string;
                criadoEm: components["schemas"]["LocalDateTime"];
                saldoPosterior: components["schemas"]["Money"];
            } | null;
        };
        /** @description An OAuth2 client of the application (revoked ones included, with revogadoEm). */
        AdminOAuthClient: {
            clientId: string;
            nome: string;
            scopes: ("mensagens:enviar" | "atendimentos:read" | "atendimentos:escalar" | "agendamentos:read" | "agendamentos:write" | "pacientes:read" | "pacientes:write" | "integracoes:read" | "integracoes:write" | "registros:importar")[];
            criadoEm: components["schemas"]["LocalDateTime"];
            revogadoEm: components["schemas"]["LocalDateTime"] | null;
        };
        /** @description The new OAuth2 client. The secret is shown only in this answer. */
        AdminOAuthClientCreated: {
            clientId: string;
            clientSecret: string;
            scopes: ("mensagens:enviar" | "atendimentos:read" | "atendimentos:escalar" | "agendamentos:read" | "agendamentos:write" | "pacientes:read" | "pacientes:write" | "integracoes:read" | "integracoes:write" | "registros:importar")[];
            nome: string;
        };
        /** @description The console’s Início: balance, spend, messages by status, the low-balance warning, the provider and its numbers. */
        AdminOverview: {
            /** @description Today, in the service time zone (`fusoHorario`): the day `gastoHoje` and `mensagensHoje` are of. */
            data: components["schemas"]["LocalDate"];
            /** @constant */
            fusoHorario: "America/Sao_Paulo";
            saldo: components["schemas"]["Money"];
            /** @constant */
            moeda: "BRL";
            /** @description Debits minus refunds (ESTORNO, ESTORNO_FALHA_ENVIO) of today’s statement entries; credits are not spend. Negative when today’s refunds exceed its debits. */
            gastoHoje: components["schemas"]["Money"];
            /** @description The same from the first day of the current month to today. */
            gastoMes: components["schemas"]["Money"];
            /** @description The message tariff in force for the application (MENSAGENS/ENVIADA); null when none is. */
            tarifaMensagem: components["schemas"]["Money"] | null;
            /** @description The cost of 100 messages at `tarifaMensagem` (0.00 without a tariff). */
            limiteSaldoBaixo: components["schemas"]["Money"];
            /** @description `saldo` is below `limiteSaldoBaixo`. */
            saldoBaixo: boolean;
            mensagensHoje: components["schemas"]["MessageStatusCounts"];
            /** @description The last 30 days, oldest first, today last: messages sent each day by status, and each day’s spend. */
            dias: {
                data: components["schemas"]["LocalDate"];
                mensagens: components["schemas"]["MessageStatusCounts"];
                gasto: components["schemas"]["Money"];
            }[];
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "link";
            /** @description The application’s WhatsApp numbers (E.164). */
            numerosWhatsapp: string[];
        };
        /** @description A portal user (never its password). prestadorId only for a prestador, telefone only for a paciente, plataforma only for a platform administrator. */
        AdminPortalUser: {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @description Lower-cased. */
            email: string;
            /** @enum {string} */
            role: "admin" | "prestador" | "plantonista" | "paciente";
            /** Format: int64 */
            aplicacaoId: number;
            /** Format: int64 */
            prestadorId?: number;
            telefone?: string;
            /** @constant */
            plataforma?: true;
        };
        AdminPortalUserPage: {
            content: components["schemas"]["AdminPortalUser"][];
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
        };
        /** @description provider_a settings as the admin panel shows them: the secret masked. */
        AdminProviderASettings: {
            accountSid: string;
            /** @description The secret masked: `****` and its last four characters (`****` alone for a short one). */
            authToken: string;
            fromNumber: string;
            baseUrl: string;
        };
        /** @description provider_b settings as the admin panel shows them: the secrets masked. */
        AdminProviderBSettings: {
            phoneNumberId: string;
            /** @description The secret masked: `****` and its last four characters (`****` alone for a short one). */
            accessToken: string;
            /** @description The secret masked: `****` and its last four characters (`****` alone for a short one). */
            appSecret: string;
            /** @description The secret masked: `****` and its last four characters (`****` alone for a short one). */
            verifyToken: string;
            baseUrl: string;
            wabaId: string | null;
        };
        /** @description A tariff as the admin panel manages it: global, or one application’s own (which overrides the global one of the same categoria and subtipo while in force). */
        AdminTariff: {
            /** Format: int64 */
            id: number;
            categoria: string;
            subtipo: string;
            subtipoDescricao: string;
            valor: components["schemas"]["Money"];
            unidade: string;
            unidadeDescricao: string;
            /** @constant */
            moeda: "BRL";
            descricao: string;
            ativo: boolean;
            /** @description First day in force (inclusive); null: since always. */
            vigenciaInicio: components["schemas"]["LocalDate"] | null;
            /** @description Last day in force (inclusive); null: open-ended. */
            vigenciaFim: components["schemas"]["LocalDate"] | null;
            /** @description The application the tariff is for; null for a global tariff. */
            aplicacaoId: number | null;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        /** @description An RFC 3161 time stamp of one event, pending or stamped. */
        AdminTimeStamp: {
            id: string;
            /** Format: int64 */
            aplicacaoId: number;
            /**
             * @description The event stamped: a consent change, an /execucao result, a refund.
             * @enum {string}
             */
            origem: "CONSENTIMENTO" | "EXECUCAO" | "ESTORNO";
            /** @description The event: `<pacienteId>/<tipo>/<versao>`, the appointment’s id, the refund’s entry id. */
            referencia: string;
            /** @enum {string} */
            status: "PENDENTE" | "CARIMBADO";
            criadoEm: components["schemas"]["LocalDateTime"];
            carimbadoEm: components["schemas"]["LocalDateTime"] | null;
            /** @description Its CARIMBO_TEMPO statement entry. */
            lancamentoId: number | null;
            carimbo: components["schemas"]["TimeStamp"] | null;
        };
        /** @description An active API integration as the agent reads it, its secrets in clear. */
        AgentApiIntegration: {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @description How often the agent runs it, in minutes; null: only when started by hand. */
            intervaloMinutos: number | null;
            /** Format: int64 */
            versao: number;
            /** @constant */
            tipoIntegracao: "API";
            conexao: components["schemas"]["IntegrationApiConnection"];
            segredos: {
                /** @description The secret in clear. */
                token?: string;
                /** @description The secret in clear. */
                senha?: string;
            };
        };
        /** @description An agent certificate of an integration. */
        AgentCertificate: {
            /** @description Lower-case hexadecimal serial number. */
            serial: string;
            /** @description The service’s subject, not the CSR’s: `CN=agente-integracao-<integracaoId>, OU=integracao:<integracaoId>, O=aplicacao:<aplicacaoId>`. */
            subject: string;
            /** @description SHA-256 fingerprint of the certificate (DER), lower-case hex. */
            sha256: string;
            emitidoEm: components["schemas"]["LocalDateTime"];
            validoAte: components["schemas"]["LocalDateTime"];
            revogado: boolean;
            revogadoEm: components["schemas"]["LocalDateTime"] | null;
            motivo: string | null;
        };
        /** @description A certificate just issued, with its PEM. */
        AgentCertificateIssued: {
            /** @description Lower-case hexadecimal serial number. */
            serial: string;
            /** @description The service’s subject, not the CSR’s: `CN=agente-integracao-<integracaoId>, OU=integracao:<integracaoId>, O=aplicacao:<aplicacaoId>`. */
            subject: string;
            /** @description SHA-256 fingerprint of the certificate (DER), lower-case hex. */
            sha256: string;
            emitidoEm: components["schemas"]["LocalDateTime"];
            validoAte: components["schemas"]["LocalDateTime"];
            revogado: boolean;
            revogadoEm: components["schemas"]["LocalDateTime"] | null;
            motivo: string | null;
            /** @description The certificate, PEM. */
            certificado: string;
        };
        /** @description An active BANCO integration as the agent reads it, its secrets in clear. */
        AgentDatabaseIntegration: {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @description How often the agent runs it, in minutes; null: only when started by hand. */
            intervaloMinutos: number | null;
            /** Format: int64 */
            versao: number;
            /** @constant */
            tipoIntegracao: "BANCO";
            conexao: components["schemas"]["IntegrationDatabaseConnection"];
            segredos: {
                /** @description The secret in clear. */
                senha?: string;
            };
        };
        /** @description What became of one record of the batch. */
        AgentImportResult: {
            /** Format: int64 */
            indice: number;
            /** @enum {string} */
            tipo: "PACIENTE" | "AGENDAMENTO" | "REGISTRO_CLINICO";
            idLegado: string;
            /** @enum {string} */
            resultado: "criado" | "atualizado" | "inalterado";
            /**
             * Format: int64
             * @description The patient, appointment or clinical record the legacy record is.
             */
            id: number;
        } | {
            /** Format: int64 */
            indice: number;
            /** @description Echoed when the record’s `tipo` was a string. */
            tipo: string | null;
            /** @description Echoed when the record’s `idLegado` was a string. */
            idLegado: string | null;
            /** @constant */
            resultado: "rejeitado";
            /** @description The refused field, from the batch (`registros[7].dados.status`). */
            campo: string;
            motivo: string;
        };
        /** @description A saved query (the spec’s QuerySalvaDTO) as the service answers it. */
        AgentSavedQuery: {
            /** Format: int64 */
            id: number;
            nome: string;
            sql: string;
            /** @enum {string} */
            tipo: "PACIENTES" | "AGENDAMENTOS" | "REGISTROS_CLINICOS";
            ativo: boolean;
            /** @description ISO 8601 instant in UTC with milliseconds (`2025-02-01T13:00:00.000Z`) of the last run the agent reported; null: never run. */
            ultimaExecucao: string | null;
        };
        AiApplicationMargin: {
            /** Format: int64 */
            aplicacaoId: number;
            nome: string | null;
            /** @description The model its tokens are costed at. */
            modelo: string | null;
            /**
             * Format: int64
             * @description Calls to the model.
             */
            interacoes: number;
            /**
             * Format: int64
             * @description Those charged (an IA_INTERACAO entry): answers sent, suggestions given, drafts made.
             */
            cobradas: number;
            /** Format: int64 */
            tokensEntrada: number;
            /** Format: int64 */
            tokensSaida: number;
            cobrado: components["schemas"]["Money"];
            /** @description What the tokens cost (BRL, six places). */
            custoModelo: string | null;
            /** @description `cobrado - custoModelo` (BRL, six places). */
            margem: string | null;
        };
        AiMargin: {
            /**
             * Format: int64
             * @description Calls to the model.
             */
            interacoes: number;
            /**
             * Format: int64
             * @description Those charged (an IA_INTERACAO entry): answers sent, suggestions given, drafts made.
             */
            cobradas: number;
            /** Format: int64 */
            tokensEntrada: number;
            /** Format: int64 */
            tokensSaida: number;
            cobrado: components["schemas"]["Money"];
            /** @description What the tokens cost (BRL, six places). */
            custoModelo: string | null;
            /** @description `cobrado - custoModelo` (BRL, six places). */
            margem: string | null;
        };
        AiSettings: {
            autoResposta: boolean;
            instrucoes: string;
            horarioAtendimento: string | null;
            /** @description When they were last set; null while never set. */
            atualizadoEm: components["schemas"]["LocalDateTime"] | null;
        };
        AiSuggestion: {
            texto: string;
        };
        AiSummary: {
            mes: string;
            cotacaoUsdBrl: string | null;
            total: components["schemas"]["AiMargin"];
            aplicacoes: components["schemas"]["AiApplicationMargin"][];
        };
        /** @description An appointment (agendamento) of the application. Optional text fields are null when not given. */
        Appointment: {
            /** Format: int64 */
            id: number;
            /** @description The patient’s phone in +E.164. */
            pacienteTelefone: string;
            procedimento: string;
            pacienteNome: string | null;
            pacienteCpf: string | null;
            prestador: string | null;
            numeroPedido: string | null;
            dataLimiteRetirada: string | null;
            localRetirada: string | null;
            observacoes: string | null;
            medicoSolicitante: string | null;
            /** @enum {string} */
            status: "IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU";
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
            /** @description Every move, oldest first. */
            historico: components["schemas"]["AppointmentHistoryEntry"][];
            /** @description What the communication flow is waiting for (no balance, no template), in words; null when nothing. */
            pendencia: string | null;
        };
        AppointmentCancelledEvent: {
            /** @constant */
            type: "AGENDAMENTO_CANCELADO";
            timestamp: components["schemas"]["LocalDateTime"];
            data: {
                agendamento: components["schemas"]["Appointment"];
            };
        };
        AppointmentCarriedOutEvent: {
            /** @constant */
            type: "AGENDAMENTO_REALIZADO";
            timestamp: components["schemas"]["LocalDateTime"];
            data: {
                agendamento: components["schemas"]["Appointment"];
            };
        };
        AppointmentConfirmedEvent: {
            /** @constant */
            type: "AGENDAMENTO_CONFIRMADO";
            timestamp: components["schemas"]["LocalDateTime"];
            data: {
                agendamento: components["schemas"]["Appointment"];
            };
        };
        /** @description A message the communication flow sent the patient for the appointment, with its delivery status. */
        AppointmentFlowMessage: {
            /** Format: int64 */
            id: number;
            /**
             * @description The notification (the move into ENVIADO) or the reminder (into AVISO_ENVIADO).
             * @enum {string}
             */
            passo: "notificacao" | "lembrete";
            body: string;
            /** @enum {string} */
            status: "QUEUED" | "SENT" | "DELIVERED" | "READ" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED";
            statusDescricao: string;
            dataEnvio: components["schemas"]["LocalDateTime"];
            dataEntrega: components["schemas"]["LocalDateTime"] | null;
            dataLeitura: components["schemas"]["LocalDateTime"] | null;
            errorCode: string | null;
            errorMessage: string | null;
        };
        /** @description The application’s appointment-flow timings, reply words and send window (its own, and the defaults for what it left out). */
        AppointmentFlowSettings: {
            /** Format: int64 */
            lembreteAntesSegundos: number;
            /** Format: int64 */
            semRespostaSegundos: number;
            palavrasConfirmar: string[];
            palavrasCancelar: string[];
            palavrasOptOut: string[];
            /** @description Quiet hours: the daily send window’s start (HH:mm, America/Sao_Paulo; default 08:00), from which campaigns and the flow’s reminders go out. Outside the window they wait for its next opening and resume by themselves; the flow’s first message, its no-reply deadline and sends asked of the API are never held. */
            horarioEnvioInicio: string;
            /** @description Quiet hours: the window’s end (HH:mm, excluded from the window, `24:00` for the end of the day; default 20:00), later than `horarioEnvioInicio`: from it campaigns and reminders wait for the next day’s start. */
            horarioEnvioFim: string;
        };
        /** @description One move of an appointment (the creation has `de` null). */
        AppointmentHistoryEntry: {
            de: ("IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU") | null;
            /** @enum {string} */
            para: "IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU";
            em: components["schemas"]["LocalDateTime"];
            por: {
                /** @enum {string} */
                tipo: "cliente" | "prestador" | "fluxo" | "paciente" | "operador";
                /** @description Who, within the kind: the OAuth client id (cliente), the provider credential’s key (prestador, /execucao) or the provider portal user’s id (prestador, from the portal), the inbound message id (paciente), the flow run or null (fluxo), the portal user id (operador: a move from the admin panel). */
                id: (string | number) | null;
            };
            /** @description The PATCH `observacao` (cancellation reason), the /execucao `observacao`, or the flow’s error text. */
            observacao: string | null;
        };
        AppointmentNoShowEvent: {
            /** @constant */
            type: "AGENDAMENTO_FALTOU";
            timestamp: components["schemas"]["LocalDateTime"];
            data: {
                agendamento: components["schemas"]["Appointment"];
            };
        };
        AppointmentPage: {
            content: components["schemas"]["Appointment"][];
            /** Format: int64 */
            total: number;
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalPages: number;
        };
        /** @description A patient’s conversation with the application (BOT, FILA, EM_ANDAMENTO, ENCERRADO). */
        Attendance: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            status: "BOT" | "FILA" | "EM_ANDAMENTO" | "ENCERRADO";
            paciente: {
                /** Format: int64 */
                id: number;
                nome: string | null;
                /** @description +E.164 */
                telefone: string;
            };
            setor: {
                /** Format: int64 */
                id: number;
                codigo: string | null;
                nome: string | null;
            };
            /** @description The portal user who took it. */
            atendenteId: number | null;
            /**
             * Format: int64
             * @description The patient’s messages in this attendance.
             */
            mensagens: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            filaDesde: components["schemas"]["LocalDateTime"] | null;
            assumidoEm: components["schemas"]["LocalDateTime"] | null;
            encerradoEm: components["schemas"]["LocalDateTime"] | null;
            ultimaMensagemEm: components["schemas"]["LocalDateTime"];
            /** @description Seconds in the queue so far; only while FILA. */
            esperaSegundos: number | null;
            /**
             * @description The channel of the patient’s last message, where an answer goes: WHATSAPP, or APP (the patient app’s chat, and a push).
             * @enum {string}
             */
            canal: "WHATSAPP" | "APP";
        };
        /** @description An answer that went to the patient app’s chat instead of WhatsApp. */
        AttendanceAppAnswer: {
            /** @constant */
            canal: "APP";
            /** Format: int64 */
            mensagemId: number;
            mensagem: string;
            /** @description The APP_CHAT charge (0.00 at a free tariff). */
            valor: components["schemas"]["Money"];
            /**
             * Format: int64
             * @description Pushes sent to the patient’s devices (each charged APP_PUSH).
             */
            pushesEnviados: number;
            /** @description Why no push (or not every one) was sent; null when every device got it. FALHA_PUSH: the push service failed (the answer is kept in the app’s chat all the same). */
            pushMotivo: ("SEM_CONSENTIMENTO" | "SEM_DISPOSITIVO" | "SALDO_INSUFICIENTE" | "FALHA_PUSH") | null;
        };
        /** @description One message of an attendance’s conversation. */
        AttendanceConversationMessage: {
            /** Format: int64 */
            id: number;
            /**
             * @description ENTRADA: the patient’s message; SAIDA: an attendant’s answer.
             * @enum {string}
             */
            direcao: "ENTRADA" | "SAIDA";
            /** @description When it was received (ENTRADA) or sent (SAIDA). */
            em: components["schemas"]["LocalDateTime"];
            /** @description The text, a pressed button’s title, or a media caption; null when the message had none. */
            texto: string | null;
            /** @enum {string} */
            tipoMensagem: "texto" | "botao" | "midia" | "outro";
            midias: {
                ref: string;
                contentType: string | null;
            }[];
            /** @description An answer’s delivery status (it follows the provider’s callbacks); null for the patient’s messages. */
            status: ("QUEUED" | "SENT" | "DELIVERED" | "READ" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED") | null;
            statusDescricao: string | null;
            /** @description The portal user who sent an answer; null for the patient’s messages. */
            usuarioId: number | null;
            errorCode: string | null;
            errorMessage: string | null;
            /**
             * @description WHATSAPP, or APP: a patient’s message typed in the patient app’s chat, or an answer that went back to it (and as a push) instead of WhatsApp.
             * @enum {string}
             */
            canal: "WHATSAPP" | "APP";
        };
        /** @description One move of an attendance between its statuses. */
        AttendanceMove: {
            de: ("BOT" | "FILA" | "EM_ANDAMENTO" | "ENCERRADO") | null;
            /** @enum {string} */
            para: "BOT" | "FILA" | "EM_ANDAMENTO" | "ENCERRADO";
            em: components["schemas"]["LocalDateTime"];
            /**
             * @description paciente: a message (asking for a person); api: the v2 `escalar`; usuario: a portal user (`usuarioId`); ia: the AI assistant handed the patient over (`motivo`).
             * @enum {string}
             */
            por: "paciente" | "api" | "usuario" | "ia";
            usuarioId: number | null;
            /** @description Why the AI assistant handed the patient over (docs/ai.md); null for the other moves. */
            motivo: ("PEDIDO_PACIENTE" | "SEM_RESPOSTA" | "GUARDRAIL" | "SALDO_INSUFICIENTE" | "LIMITE_RESPOSTAS" | "IA_INDISPONIVEL" | "ENVIO_FALHOU") | null;
        };
        AttendancePage: {
            content: components["schemas"]["Attendance"][];
            /** Format: int64 */
            total: number;
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalPages: number;
        };
        AuthorizationServerMetadata: {
            /** @description The service’s public URL; the `iss` of its access and portal tokens. */
            issuer: string;
            token_endpoint: string;
            jwks_uri: string;
            grant_types_supported: "client_credentials"[];
            token_endpoint_auth_methods_supported: ("client_secret_basic" | "client_secret_post")[];
            scopes_supported: string[];
            /** @description Empty: there is no authorization endpoint. */
            response_types_supported: string[];
            service_documentation: string;
        };
        /** @description A campaign with its progress. */
        Campaign: {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @enum {string} */
            status: "AGENDADA" | "EM_ANDAMENTO" | "PAUSADA" | "CONCLUIDA" | "CANCELADA";
            /** @description Why it is PAUSADA: SALDO_INSUFICIENTE (resume after a credit), APLICACAO_INATIVA, TEMPLATE_INDISPONIVEL, or MANUAL (an admin’s pause). */
            motivo: ("SALDO_INSUFICIENTE" | "APLICACAO_INATIVA" | "TEMPLATE_INDISPONIVEL" | "MANUAL") | null;
            /** @description The text, `{{nome}}` and `{{<variable>}}` filled per recipient; null with a template. */
            mensagem: string | null;
            templateId: number | null;
            /** @enum {string} */
            contexto: "RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE";
            agendarPara: components["schemas"]["LocalDateTime"] | null;
            criadaEm: components["schemas"]["LocalDateTime"];
            iniciadaEm: components["schemas"]["LocalDateTime"] | null;
            /** @description When it was done, or canceled. */
            concluidaEm: components["schemas"]["LocalDateTime"] | null;
            totais: components["schemas"]["CampaignTotals"];
            /** @description What its sent messages were charged, net of what failed sends got back. */
            custoTotal: components["schemas"]["Money"];
        };
        CampaignPage: {
            content: components["schemas"]["Campaign"][];
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
        };
        /** @description What a campaign would be: nothing written, nothing sent. */
        CampaignPreview: {
            totais: {
                /** Format: int64 */
                destinatarios: number;
                /** Format: int64 */
                pendentes: number;
                /** Format: int64 */
                ignoradas: number;
            };
            /** @description The message tariff in force for the application today. */
            tarifa: components["schemas"]["Money"];
            /** @description The pending recipients at that tariff. */
            custoEstimado: components["schemas"]["Money"];
            /** @description The first 20 recipients as they were read and checked. */
            destinatarios: components["schemas"]["CampaignRecipient"][];
            /** @description The first 100 ignored recipients, with why. */
            ignorados: components["schemas"]["CampaignRecipient"][];
        };
        /** @description One recipient of a campaign and what became of it. */
        CampaignRecipient: {
            /**
             * Format: int64
             * @description Its place in the list (from 1), or its line in the CSV file (the header is line 1).
             */
            linha: number;
            /** @description The phone in E.164, or as it was given when it is not a phone number. */
            telefone: string;
            nome: string | null;
            /** @enum {string} */
            status: "PENDENTE" | "ENVIADA" | "FALHA" | "IGNORADA";
            /** @description IGNORADA: TELEFONE_INVALIDO, DUPLICADO, OPT_OUT, VARIAVEL_AUSENTE; FALHA: the provider’s error code (or `unavailable`, `rejected`). */
            motivo: string | null;
            /** @description The message sent to it (GET /api/admin/mensagens/{id}). */
            mensagemId: number | null;
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        CampaignRecipientPage: {
            content: components["schemas"]["CampaignRecipient"][];
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
        };
        /** @description A campaign’s counts; `destinatarios` = `enviadas` + `falhas` + `ignoradas` + `pendentes`. */
        CampaignTotals: {
            /**
             * Format: int64
             * @description Recipients as submitted, ignored ones included.
             */
            destinatarios: number;
            /**
             * Format: int64
             * @description Sent: the provider took the message (each one debited like any send).
             */
            enviadas: number;
            /**
             * Format: int64
             * @description Delivered, from the provider’s status callbacks (read messages included).
             */
            entregues: number;
            /**
             * Format: int64
             * @description Read, from the provider’s status callbacks.
             */
            lidas: number;
            /**
             * Format: int64
             * @description The provider refused the message (its debit given back) or reported it failed.
             */
            falhas: number;
            /**
             * Format: int64
             * @description Never sent: an invalid or repeated phone, a variable missing, or the patient opted out.
             */
            ignoradas: number;
            /**
             * Format: int64
             * @description Not handled yet.
             */
            pendentes: number;
        };
        DemoRequestReceipt: {
            /** Format: int64 */
            id: number;
            /** @constant */
            status: "RECEBIDO";
            mensagem: string;
            criadoEm: components["schemas"]["LocalDateTime"];
        };
        /** @description The spec’s provider execution result: `replay` for a repeat under the same Idempotency-Key. */
        ExecutionResult: {
            /** @enum {string} */
            status: "ok" | "replay";
            /** Format: int64 */
            agendamentoId: number;
            /** @enum {string} */
            resultado: "REALIZADO" | "FALTOU";
        };
        ExternalMessage: {
            /** Format: int64 */
            id: number;
            /** @description The provider’s id of the message; null while it is QUEUED (or SCHEDULED, CANCELED). */
            messageSid: string | null;
            toNumber: string;
            fromNumber: string | null;
            body: string;
            /** @enum {string} */
            status: "QUEUED" | "SENT" | "DELIVERED" | "READ" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED";
            statusDescricao: string;
            dataEnvio: components["schemas"]["LocalDateTime"];
            dataEntrega: components["schemas"]["LocalDateTime"] | null;
            dataLeitura: components["schemas"]["LocalDateTime"] | null;
            errorCode: string | null;
            errorMessage: string | null;
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "link";
            contexto: ("RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE") | null;
            contextoId: number | null;
            usuarioId: number | null;
            tarifaCobrada: components["schemas"]["Money"] | null;
            /** @description A scheduled send’s time (`agendarPara` of its send); null for a message sent at once. While SCHEDULED, `dataEnvio` is this time; once sent, the send’s. */
            agendadoPara: components["schemas"]["LocalDateTime"] | null;
        };
        InboundWebhookAccepted: {
            /** @constant */
            aceito: true;
            /** @description The application’s slug. */
            aplicacao: string;
            fluxo: string;
        };
        /** @description A generic inbound webhook call kept for audit (90 days). */
        InboundWebhookEvent: {
            eventoId: string;
            fluxo: string;
            recebidoEm: components["schemas"]["LocalDateTime"];
            processadoEm: components["schemas"]["LocalDateTime"] | null;
            /** @description The JSON body as received. */
            payload: unknown;
        };
        /** @description A subscription to the generic inbound webhook (`/api/v1/webhooks/inbound/{slug}/{fluxo}`); its secret is never shown again. */
        InboundWebhookSubscription: {
            /** Format: int64 */
            id: number;
            descricao: string | null;
            ativo: boolean;
            temSegredo: boolean;
            criadoEm: components["schemas"]["LocalDateTime"];
            desativadoEm: components["schemas"]["LocalDateTime"] | null;
        };
        /** @description The balance does not cover the tariff of the send; nothing was written. */
        InsufficientBalanceError: {
            /** @constant */
            error: "insufficient_balance";
            message: string;
            saldo: components["schemas"]["Money"];
        };
        /** @description How the agent reaches a legacy HTTP API. */
        IntegrationApiConnection: {
            urlBase: string;
            /** @enum {string} */
            autenticacao: "NENHUMA" | "BEARER" | "BASIC" | "API_KEY";
            usuario: string | null;
            /** @description The header that carries the key with API_KEY (default `X-Api-Key`). */
            cabecalho: string | null;
        };
        /** @description How the agent reaches a legacy database. */
        IntegrationDatabaseConnection: {
            /** @enum {string} */
            driver: "postgresql" | "mysql" | "mariadb" | "sqlserver" | "oracle" | "firebird";
            host: string;
            /** Format: int64 */
            porta: number;
            banco: string;
            usuario: string | null;
            /** @description Driver options (`sslmode=require`, ...), as the agent passes them. */
            parametros: string | null;
        };
        /** @description One run of a saved query as the agent reported it. */
        IntegrationExecutionLog: {
            /** Format: int64 */
            id: number;
            queryId: number | null;
            /** @description The query’s name. */
            query: string;
            inicio: components["schemas"]["LocalDateTime"];
            fim: components["schemas"]["LocalDateTime"];
            /** Format: int64 */
            linhasLidas: number;
            /** @enum {string} */
            status: "SUCESSO" | "ERRO" | "PARCIAL";
            erro: string | null;
            recebidoEm: components["schemas"]["LocalDateTime"];
        };
        IntegrationStatus: {
            configured: boolean;
            active: boolean;
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "link";
        };
        /** @description A public RSA key (RFC 7517). */
        Jwk: {
            /** @constant */
            kty: "RSA";
            /** @description The key id (its RFC 7638 thumbprint), named in the header of the tokens it signs. */
            kid: string;
            /** @constant */
            use: "sig";
            /** @constant */
            alg: "RS256";
            n: string;
            e: string;
        };
        JwkSet: {
            keys: components["schemas"]["Jwk"][];
        };
        /** @description A calendar date, YYYY-MM-DD. */
        LocalDate: string;
        /** @description ISO 8601 local date-time without a zone, in the service time zone (America/Sao_Paulo). */
        LocalDateTime: string;
        MessageScheduleResult: {
            /** @constant */
            status: "AGENDADO";
            /** Format: int64 */
            mensagemId: number;
            /** @description When it is to be sent (the `agendarPara` sent). */
            agendadoPara: components["schemas"]["LocalDateTime"];
        };
        MessageSendResult: {
            /** @constant */
            status: "ENVIADO";
            messageSid: string;
            /** Format: int64 */
            mensagemId: number;
            mensagem: string;
            /** @description Only for the `link` provider (which sends nothing): the wa.me link that opens WhatsApp with the text ready. */
            link?: string;
        };
        /** @description Messages sent on one day, by their current status (a message counts on the day it was sent, under the status it has now); `total` is their sum. Scheduled messages count once sent; those still SCHEDULED, or CANCELED, are not counted. */
        MessageStatusCounts: {
            /** Format: int64 */
            QUEUED: number;
            /** Format: int64 */
            SENT: number;
            /** Format: int64 */
            DELIVERED: number;
            /** Format: int64 */
            READ: number;
            /** Format: int64 */
            FAILED: number;
            /** Format: int64 */
            UNDELIVERED: number;
            /** Format: int64 */
            total: number;
        };
        MessageTimelineStep: {
            /** @enum {string} */
            status: "QUEUED" | "SENT" | "DELIVERED" | "READ" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED";
            statusDescricao: string;
            /** @description When the message reached this status; null only for a message sent before the timeline was recorded. */
            em: components["schemas"]["LocalDateTime"] | null;
            /** @description The provider’s error code of a FAILED or UNDELIVERED step; null otherwise. */
            errorCode: string | null;
            errorMessage: string | null;
        };
        /** @description A decimal amount as a string, never a float. */
        Money: string;
        /** @description The patient record of the token’s patient (the same record as v2 `pacientes`). */
        PatientAppProfile: {
            /** Format: int64 */
            id: number;
            nome: string | null;
            sexo: ("M" | "F" | "O") | null;
            dataNascimento: components["schemas"]["LocalDate"] | null;
            bairro: string | null;
            cidade: string | null;
            /** @description E.164; not editable in the app. */
            telefone: string;
            /** @description Masked (`***.456.789-**`); null when the record has none. Not editable in the app. */
            cpf: string | null;
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        /** @description One message of the patient’s chat with the application. */
        PatientChatMessage: {
            /** Format: int64 */
            id: number;
            /**
             * @description ENTRADA: the patient’s message; SAIDA: an answer of the application’s attendant.
             * @enum {string}
             */
            direcao: "ENTRADA" | "SAIDA";
            texto: string;
            em: components["schemas"]["LocalDateTime"];
            /**
             * Format: int64
             * @description The attendance the message belongs to.
             */
            atendimentoId: number;
            /** @description What the application was charged for it (APP_CHAT); 0.00 when free or not covered by its balance. */
            valor: components["schemas"]["Money"];
        };
        /** @description A device consent of the patient with its whole history, oldest first. */
        PatientConsent: {
            /** @enum {string} */
            tipo: "NOTIFICACOES_WHATSAPP" | "NOTIFICACOES_PUSH" | "LOCALIZACAO" | "CAMERA" | "COMPARTILHAMENTO_DADOS";
            concedido: boolean;
            concedidoEm: components["schemas"]["LocalDateTime"] | null;
            revogadoEm: components["schemas"]["LocalDateTime"] | null;
            dispositivo: string | null;
            versaoTermos: string | null;
            atualizadoEm: components["schemas"]["LocalDateTime"];
            historico: components["schemas"]["PatientConsentHistoryEntry"][];
        };
        /** @description One grant or revocation; never rewritten. */
        PatientConsentHistoryEntry: {
            /** @enum {string} */
            acao: "CONCEDIDO" | "REVOGADO";
            em: components["schemas"]["LocalDateTime"];
            dispositivo: string | null;
            versaoTermos: string | null;
            /** @description What the app sent with a revocation; null otherwise. */
            detalhes: {
                [key: string]: string;
            } | null;
        };
        /** @description One grant or revocation with its time stamp. */
        PatientConsentHistoryStamped: {
            /** @enum {string} */
            acao: "CONCEDIDO" | "REVOGADO";
            em: components["schemas"]["LocalDateTime"];
            dispositivo: string | null;
            versaoTermos: string | null;
            /** @description What the app sent with a revocation; null otherwise. */
            detalhes: {
                [key: string]: string;
            } | null;
            /** @description Its RFC 3161 time stamp (docs/stamps.md): the bytes kept for this change and the token over their SHA-256. Null when the application did not stamp its events then, or while the stamp is pending (`carimboPendente`). */
            carimbo: components["schemas"]["TimeStamp"] | null;
            /** @description True while the time-stamp authority has not stamped this change yet (retried every minute). */
            carimboPendente: boolean;
            /** @description The stamp’s id (GET /api/admin/carimbos/{id} for the application’s admin); null when the change was not stamped. */
            carimboId: string | null;
        };
        /** @description A device of the patient that gets push notifications (the token is not shown back). */
        PatientDevice: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            plataforma: "android" | "ios";
            criadoEm: components["schemas"]["LocalDateTime"];
        };
        PatientLoginToken: {
            /** @description The patient’s portal JWT (role `paciente`), sent as `Authorization: Bearer <token>`. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /**
             * Format: int64
             * @description Lifetime in seconds (3600).
             */
            expires_in: number;
        };
        PhysicianAddress: {
            logradouro: string;
            numero: string | null;
            complemento: string | null;
            bairro: string | null;
            cidade: string;
            /** @enum {string} */
            uf: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
            /** @description CEP as 00000-000. */
            cep: string | null;
        };
        /** @description A window of the physician’s day: DISPONIVEL (set by the physician) or RESERVADO (taken by a booking). */
        PhysicianAvailabilityWindow: {
            data: components["schemas"]["LocalDate"];
            /** @description HH:MM. */
            inicio: string;
            /** @description HH:MM; `24:00` is the end of the day. */
            fim: string;
            /** @enum {string} */
            estado: "DISPONIVEL" | "RESERVADO";
        };
        /** @description The physician’s preference for one secretariat. */
        PhysicianPreference: {
            secretariaId: string;
            turnos: ("MANHA" | "TARDE" | "NOITE" | "MADRUGADA")[];
            unidades: string[];
            valorMinimo: string | null;
            ativo: boolean;
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        /** @description The physician’s record, personal data masked. */
        PhysicianProfile: {
            nome: string;
            /** @description Masked: `***.982.247-**`. */
            cpf: string | null;
            /** @description The CRM registration, masked with its state: `***456/SP`. */
            crm: string | null;
            /** @description Masked: `+55 11 *****-7777`. */
            telefone: string | null;
            /** @description Masked: `p***@example.com`. */
            email: string | null;
            especialidade: string | null;
            endereco: components["schemas"]["PhysicianAddress"] | null;
            /** @description Where the address was geocoded; null without an address. */
            localizacao: {
                latitude: number;
                longitude: number;
            } | null;
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        /** @description What vacancies the physician looks for. A physician who never saved one gets the empty profile (empty lists, nulls). */
        PhysicianSearchProfile: {
            diasSemana: ("SEG" | "TER" | "QUA" | "QUI" | "SEX" | "SAB" | "DOM")[];
            valorMinimoPorTurno: string | null;
            raioKm: number | null;
            periodos: (("MANHA" | "TARDE" | "NOITE" | "MADRUGADA") | {
                inicio: string;
                fim: string;
            })[];
            atualizadoEm: components["schemas"]["LocalDateTime"] | null;
        };
        /** @description A commercial plan of the public site. */
        Plan: {
            /** Format: int64 */
            id: number;
            nome: string;
            descricao: string;
            /** @description Monthly price. */
            precoMensal: components["schemas"]["Money"];
            /** @constant */
            moeda: "BRL";
            /** Format: int64 */
            mensagensIncluidas: number;
            recursos: string[];
            ativo: boolean;
        };
        PlanChange: {
            /** Format: int64 */
            aplicacaoId: number;
            /** Format: int64 */
            planoId: number;
            desde: components["schemas"]["LocalDateTime"];
            /** @description The invoice issued by the change; null when the application was on that plan already. */
            fatura: components["schemas"]["PlanInvoice"] | null;
        };
        /** @description A plan invoice: ABERTA until paid (PAGA) or replaced by a plan change (CANCELADA). */
        PlanInvoice: {
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            planoId: number;
            planoNome: string;
            /** @description What the application pays: the plan’s monthly price. */
            valor: components["schemas"]["Money"];
            /** @description What its payment credits to the balance (one FATURA_PLANO entry): the plan’s monthly price. */
            creditos: components["schemas"]["Money"];
            /** @enum {string} */
            status: "ABERTA" | "PAGA" | "CANCELADA";
            /** @description Due date. */
            vencimento: components["schemas"]["LocalDate"];
            /** @description The month invoiced, YYYY-MM. */
            mes: string;
            emitidaEm: components["schemas"]["LocalDateTime"];
            pagaEm: components["schemas"]["LocalDateTime"] | null;
            pagaPor: ("ADMIN" | "STRIPE") | null;
            /** @description The statement entry of its payment. */
            lancamentoId: number | null;
        };
        PortalLoginToken: {
            /** @description The portal JWT, sent as `Authorization: Bearer <token>`. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /**
             * Format: int64
             * @description Lifetime in seconds: 900 for admin, 3600 for the portals.
             */
            expires_in: number;
            /** @enum {string} */
            role: "admin" | "prestador" | "plantonista";
        };
        /** @description A patient’s WhatsApp message as provider_a posts it (form fields; others are ignored). */
        ProviderAInboundMessageForm: {
            /** @description The provider’s message id; without it the message is not processed. */
            MessageSid: string;
            AccountSid?: string;
            /** @description The patient: `whatsapp:+<number>`; without it the message is not processed. */
            From: string;
            /** @description The application’s number, `whatsapp:+<number>`: it picks the application (an unknown number is not processed). */
            To: string;
            Body?: string;
            ProfileName?: string;
            /** @description How many media the message carries (MediaUrl0, MediaUrl1...). */
            NumMedia?: string;
            MediaUrl0?: string;
            MediaContentType0?: string;
            /** @description The title of a quick-reply button the patient pressed. */
            ButtonText?: string;
            /** @description The id of a quick-reply button the patient pressed. */
            ButtonPayload?: string;
        } & {
            [key: string]: unknown;
        };
        ProviderAppointmentPage: {
            content: components["schemas"]["Appointment"][];
            /** Format: int64 */
            total: number;
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalPages: number;
        };
        /** @description A delivery status as provider_a posts it (form fields; others are ignored). */
        ProviderAStatusForm: {
            /** @description The provider’s id of the message sent. */
            MessageSid: string;
            /**
             * @description Case is ignored.
             * @enum {string}
             */
            MessageStatus: "queued" | "sent" | "delivered" | "read" | "failed" | "undelivered";
            /** @description Present when failed or undelivered. */
            ErrorCode?: string;
            ErrorMessage?: string;
            /** @description The provider’s cost of the message (a decimal; its sign is ignored). */
            Price?: string;
            /** @description The currency of `Price`; only USD is used. Default USD. */
            PriceUnit?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description An event of provider_b: patients’ messages, delivery statuses and template reviews. */
        ProviderBWebhookEvent: {
            object?: string;
            entry: ({
                id?: string;
                changes: ({
                    /** @description `messages` (messages and statuses) or `message_template_status_update` (a template review). */
                    field: string;
                    value: {
                        messaging_product?: string;
                        metadata?: {
                            display_phone_number?: string;
                            phone_number_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        contacts?: ({
                            wa_id?: string;
                            profile?: {
                                name?: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Patients’ messages. */
                        messages?: ({
                            id: string;
                            from: string;
                            type: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Delivery statuses of messages sent. */
                        statuses?: ({
                            /** @description The provider’s message id. */
                            id: string;
                            /** @enum {string} */
                            status: "sent" | "delivered" | "read" | "failed";
                            /** @description Unix seconds. */
                            timestamp?: string;
                            recipient_id?: string;
                            /** @description Our reference of the message, as given with the send. */
                            biz_opaque_callback_data?: string;
                            errors?: ({
                                /** Format: int64 */
                                code?: number;
                                title?: string;
                                message?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            pricing?: {
                                billable?: boolean;
                                category?: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Template review: APPROVED, REJECTED, PAUSED... */
                        event?: string;
                        message_template_id?: string | number;
                        reason?: string;
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        /** @description A machine credential of the provider; never its secret. */
        ProviderCredential: {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @description The public key, `nbwp_...` (the X-Api-Key of the provider API). */
            apiKey: string;
            /** @description Requests per minute; null when unlimited. */
            limitePorMinuto: number | null;
            /** @description IPv4/IPv6 addresses or CIDR ranges allowed to use it; empty: any. */
            ipAllowlist: string[];
            ativo: boolean;
            criadoEm: components["schemas"]["LocalDateTime"];
            /** @description When it was revoked (final); null while not revoked. */
            revogadoEm: components["schemas"]["LocalDateTime"] | null;
            /** @description When it last authenticated a request, to the minute (recorded at most once a minute); null when never used. */
            ultimoUsoEm: components["schemas"]["LocalDateTime"] | null;
        };
        /** @description A machine credential with its secret, shown once. */
        ProviderCredentialWithSecret: {
            /** Format: int64 */
            id: number;
            nome: string;
            /** @description The public key, `nbwp_...` (the X-Api-Key of the provider API). */
            apiKey: string;
            /** @description Requests per minute; null when unlimited. */
            limitePorMinuto: number | null;
            /** @description IPv4/IPv6 addresses or CIDR ranges allowed to use it; empty: any. */
            ipAllowlist: string[];
            ativo: boolean;
            criadoEm: components["schemas"]["LocalDateTime"];
            /** @description When it was revoked (final); null while not revoked. */
            revogadoEm: components["schemas"]["LocalDateTime"] | null;
            /** @description When it last authenticated a request, to the minute (recorded at most once a minute); null when never used. */
            ultimoUsoEm: components["schemas"]["LocalDateTime"] | null;
            /** @description The secret (the X-Api-Secret), shown only in this answer; store it now. */
            apiSecret: string;
        };
        /** @description An outbound webhook subscription of the provider; never its secret. */
        ProviderWebhook: {
            /** Format: int64 */
            id: number;
            url: string;
            eventos: ("AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU")[];
            ativo: boolean;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        /** @description One event delivered to one webhook, and what became of it: the body sent, the last answer and its time. */
        ProviderWebhookDelivery: {
            /** @description `<eventoId>.<webhookId>`: the `entregaId` of the resend. */
            id: string;
            /** @description The event’s id: the `webhook-id` header of every attempt. */
            eventoId: string;
            /** Format: int64 */
            webhookId: number;
            /** @enum {string} */
            evento: "AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU";
            /**
             * Format: int64
             * @description Attempts made so far.
             */
            tentativas: number;
            ultimoStatusHttp: number | null;
            ultimoErro: string | null;
            /** @description When the next attempt is due; null once the delivery is final. */
            proximaTentativa: components["schemas"]["LocalDateTime"] | null;
            /** @enum {string} */
            estado: "PENDENTE" | "ENTREGUE" | "FALHOU";
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
            /** @description The body POSTed at every attempt: the event `{type, timestamp, data: {agendamento}}`. */
            corpo: {
                /** @enum {string} */
                type: "AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU";
                timestamp: components["schemas"]["LocalDateTime"];
                data: {
                    agendamento: components["schemas"]["Appointment"];
                };
            };
            /** @description The body of the last attempt’s answer, whatever its status (its first 2048 characters); null without an answer or with an empty one. */
            ultimaResposta: string | null;
            /** @description How long the last attempt took, from the POST to the answer or the failure, in milliseconds; null before the first attempt. */
            ultimaDuracaoMs: number | null;
        };
        /** @description The signing secret of a webhook, revealed on demand. */
        ProviderWebhookSecret: {
            /** @description The Standard Webhooks signing secret, `whsec_` + base64 of the key. */
            secret: string;
        };
        /** @description An outbound webhook subscription with its secret, shown only in the answer that created it. */
        ProviderWebhookWithSecret: {
            /** Format: int64 */
            id: number;
            url: string;
            eventos: ("AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU")[];
            ativo: boolean;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
            /** @description The Standard Webhooks signing secret, `whsec_` + base64 of the key. */
            secret: string;
        };
        /** @description A patient’s message as the application received it, with its patient and attendance. */
        ReceivedMessage: {
            /** Format: int64 */
            id: number;
            /**
             * @description `app`: typed in the patient app’s chat (canal APP).
             * @enum {string}
             */
            provider: "provider_a" | "provider_b" | "app";
            providerMessageId: string;
            /** @description The patient’s phone (E.164). */
            telefone: string;
            /** @description The application’s number it was sent to; null when the provider did not say. */
            para: string | null;
            profileName: string | null;
            /** @enum {string} */
            tipoMensagem: "texto" | "botao" | "midia" | "outro";
            /** @description The text, a button’s title, or a media caption. */
            texto: string | null;
            botao: {
                id: string;
                titulo: string;
            } | null;
            midias: {
                ref: string;
                contentType: string | null;
            }[];
            recebidaEm: components["schemas"]["LocalDateTime"];
            /** Format: int64 */
            pacienteId: number;
            /** Format: int64 */
            atendimentoId: number;
            /**
             * @description Where it came from: WHATSAPP, or APP (the patient app’s chat).
             * @enum {string}
             */
            canal: "WHATSAPP" | "APP";
        };
        StatementEntry: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            tipo: "CREDIT" | "DEBIT";
            valor: components["schemas"]["Money"];
            saldoAnterior: components["schemas"]["Money"];
            saldoPosterior: components["schemas"]["Money"];
            descricao: string;
            referenciaTipo: string;
            referenciaId: number | null;
            tarifaCobrada: components["schemas"]["Money"] | null;
            custoProviderAUsd: components["schemas"]["Money"] | null;
            custoProviderABrl: components["schemas"]["Money"] | null;
            custoProviderBUsd: components["schemas"]["Money"] | null;
            custoProviderBBrl: components["schemas"]["Money"] | null;
            cotacaoUsdBrl: components["schemas"]["Money"] | null;
            tipoConversa: ("UTILITY" | "AUTHENTICATION" | "MARKETING" | "SERVICE") | null;
            criadoEm: components["schemas"]["LocalDateTime"];
        };
        StatusReport: {
            /** @constant */
            status: "UP";
            aplicacao: {
                nome: string;
                versao: string;
                commit: string;
                buildTime: string;
                /** @description e.g. `whatsapp-platform v0.1.0 (abc1234, built 2026-11-22T01:00:00Z)`. */
                formatted: string;
            };
            runtime?: components["schemas"]["StatusRuntime"];
        };
        /** @description Runtime metrics of the answering function: only for a caller presenting the configured X-Status-Token. */
        StatusRuntime: {
            /** Format: int64 */
            uptimeSeconds: number;
            coldStart: boolean;
            /** Format: int64 */
            requestsServed: number;
            /** @description The Node.js version. */
            node: string;
            region: string;
            memoria: {
                /** Format: int64 */
                rssBytes: number;
                /** Format: int64 */
                heapUsedBytes: number;
                /** Format: int64 */
                heapTotalBytes: number;
                /** Format: int64 */
                externalBytes: number;
                /** @description The function’s configured memory, when known. */
                limiteMb?: number;
            };
        };
        /** @description A Stripe event, as Stripe sends it; what is read is documented. */
        StripeEvent: {
            id?: string;
            /** @description Only `invoice.paid` is acted on. */
            type: string;
            data?: {
                object?: {
                    metadata?: {
                        /** @description The id of our invoice (a Stripe metadata value is a string). */
                        faturaId?: string;
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        Tariff: {
            /** Format: int64 */
            id: number;
            categoria: string;
            subtipo: string;
            subtipoDescricao: string;
            valor: components["schemas"]["Money"];
            unidade: string;
            unidadeDescricao: string;
            /** @constant */
            moeda: "BRL";
            descricao: string;
            ativo: boolean;
            /** @description First day in force (inclusive); null: since always. */
            vigenciaInicio: components["schemas"]["LocalDate"] | null;
            /** @description Last day in force (inclusive); null: open-ended. */
            vigenciaFim: components["schemas"]["LocalDate"] | null;
        };
        /** @description An RFC 3161 time stamp: `openssl ts -verify -data <dados> -in <token> -token_in -CAfile <the TSA CA>` verifies it. */
        TimeStamp: {
            /** @description Base64 of the exact bytes stamped (the event as kept: JSON, UTF-8). */
            dados: string;
            /** @description Base64 of the DER RFC 3161 TimeStampToken over their SHA-256. */
            token: string;
        };
        /** @description A patient of the application. */
        V2Patient: {
            /** Format: int64 */
            id: number;
            nome: string | null;
            /** @description +E.164, unique within the application. */
            telefone: string;
            /** @description 11 digits, unique within the application. */
            cpf: string | null;
            /** @description YYYY-MM-DD. */
            dataNascimento: string | null;
            sexo: ("M" | "F" | "O") | null;
            email: string | null;
            bairro: string | null;
            cidade: string | null;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        V2PatientPage: {
            content: components["schemas"]["V2Patient"][];
            /** Format: int64 */
            total: number;
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalPages: number;
        };
        /** @description The call was received (and queued when it is processed). */
        WebhookReceived: {
            /** @constant */
            status: "ok";
        };
        WebhookTestResult: {
            /** @constant */
            status: "ok";
            message: string;
            /**
             * Format: int64
             * @description Query parameters plus distinct form field names received.
             */
            params_recebidos: number;
        };
        /** @description A department of the application: its WhatsApp numbers (E.164) and its attendants (portal user ids). */
        WhatsappSector: {
            /** Format: int64 */
            id: number;
            codigo: string;
            nome: string;
            padrao: boolean;
            numeros: string[];
            atendentes: number[];
            /** Format: int64 */
            totalNumeros: number;
            /** Format: int64 */
            totalAtendentes: number;
            /** Format: int64 */
            atendimentosAbertos: number;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
        /** @description A WhatsApp message template (HSM) and its review state (docs/templates.md). */
        WhatsappTemplate: {
            /** Format: int64 */
            id: number;
            nome: string;
            idioma: string;
            /** @enum {string} */
            categoria: "UTILITY" | "MARKETING" | "AUTHENTICATION";
            corpo: string;
            variaveis: ("pacienteNome" | "procedimento" | "localRetirada" | "dataLimiteRetirada" | "prestador" | "numeroPedido" | "medicoSolicitante")[];
            botoes: string[];
            procedimentos: string[];
            /** @enum {string} */
            estado: "RASCUNHO" | "EM_ANALISE" | "APROVADO" | "REJEITADO" | "PAUSADO" | "ARQUIVADO";
            motivoRejeicao: string | null;
            criadoEm: components["schemas"]["LocalDateTime"];
            atualizadoEm: components["schemas"]["LocalDateTime"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postApiExternalMessagesSend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    telefone: string;
                    mensagem: string;
                    /** @enum {string} */
                    contexto?: "RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE";
                    /** Format: int64 */
                    contextoId?: number;
                    /** Format: int64 */
                    usuarioId?: number;
                    agendarPara?: string;
                };
            };
        };
        responses: {
            /** @description Sent (accepted by the provider), and charged. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageSendResult"];
                };
            };
            /** @description Scheduled (`agendarPara`): the message is SCHEDULED, readable with its id, and nothing is charged until it is sent. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageScheduleResult"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Insufficient balance: `saldo` is the balance; nothing was written. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientBalanceError"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The upstream provider failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalMessagesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalMessage"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiExternalMessagesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalMessages: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                status?: "QUEUED" | "SENT" | "DELIVERED" | "READ" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED";
                contexto?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["ExternalMessage"][];
                        /** Format: int64 */
                        totalElements: number;
                        /** Format: int64 */
                        totalPages: number;
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalFinanceiroSaldo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prepaid balance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        saldo: components["schemas"]["Money"];
                        /** @constant */
                        moeda: "BRL";
                    };
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalFinanceiroTarifas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The platform tariffs, with the application’s own in their place. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tariff"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalFinanceiroExtrato: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of statement entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["StatementEntry"][];
                        /** Format: int64 */
                        totalElements: number;
                        /** Format: int64 */
                        totalPages: number;
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiV2ConfigStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationStatus"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiV2Stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        totalMensagens: number;
                    };
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postOauth2Token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @constant */
                    grant_type: "client_credentials";
                    /** @description client_secret_post: the client id (or in the Authorization header, Basic). */
                    client_id?: string;
                    /** @description client_secret_post: the client secret; not together with an Authorization header. */
                    client_secret?: string;
                    /** @description Space-separated scopes, each authorized for the client. Absent or empty: every scope of the client. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    /** @description `no-store`: token answers, errors included, are never cached. */
                    "Cache-Control"?: string;
                    /** @description `no-cache`. */
                    Pragma?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessTokenResponse"];
                };
            };
            /** @description `invalid_request`: the body is not a form (`application/x-www-form-urlencoded`, with at most `charset=utf-8`) or not well-formed UTF-8, a parameter is missing, repeated or malformed (or does not decode to well-formed UTF-8), or both client authentication methods were used. `unsupported_grant_type`: anything but client_credentials. `invalid_scope`: a scope is malformed or not authorized for the client. */
            400: {
                headers: {
                    /** @description `no-store`: token answers, errors included, are never cached. */
                    "Cache-Control"?: string;
                    /** @description `no-cache`. */
                    Pragma?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_request" | "unsupported_grant_type" | "invalid_scope";
                        error_description: string;
                    };
                };
            };
            /** @description `invalid_client`: client authentication failed (unknown or revoked client, wrong secret, inactive application, or no credentials). */
            401: {
                headers: {
                    /** @description `no-store`: token answers, errors included, are never cached. */
                    "Cache-Control"?: string;
                    /** @description `no-cache`. */
                    Pragma?: string;
                    /** @description `Basic realm="whatsapp-platform"` when the client used HTTP Basic or sent no credentials. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_client";
                        error_description: string;
                    };
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `server_error`: internal error (logged). */
            500: {
                headers: {
                    /** @description `no-store`: token answers, errors included, are never cached. */
                    "Cache-Control"?: string;
                    /** @description `no-cache`. */
                    Pragma?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "server_error";
                        error_description: string;
                    };
                };
            };
        };
    };
    getApiExternalV2Agendamentos: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                status?: "IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of appointments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentPage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiExternalV2Agendamentos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pacienteTelefone: string;
                    procedimento: string;
                    pacienteNome?: string | null;
                    pacienteCpf?: string | null;
                    prestador?: string | null;
                    numeroPedido?: string | null;
                    dataLimiteRetirada?: string | null;
                    localRetirada?: string | null;
                    observacoes?: string | null;
                    medicoSolicitante?: string | null;
                };
            };
        };
        responses: {
            /** @description The new appointment, IMPORTADO. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalV2AgendamentosId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The appointment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchApiExternalV2AgendamentosId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status: string;
                    observacao?: string | null;
                };
            };
        };
        responses: {
            /** @description The appointment after the update. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiExternalV2Mensagens: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    telefone: string;
                    mensagem: string;
                    /** @enum {string} */
                    contexto?: "RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE";
                    /** Format: int64 */
                    contextoId?: number;
                    /** Format: int64 */
                    usuarioId?: number;
                    agendarPara?: string;
                };
            };
        };
        responses: {
            /** @description Sent (accepted by the provider), and charged. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageSendResult"];
                };
            };
            /** @description Scheduled (`agendarPara`): the message is SCHEDULED, readable with its id, and nothing is charged until it is sent. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageScheduleResult"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Insufficient balance: `saldo` is the balance; nothing was written. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientBalanceError"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The upstream provider failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalV2AtendimentosFila: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attendances in FILA. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendancePage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalV2AtendimentosEmAndamento: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attendances in EM_ANDAMENTO. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendancePage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiExternalV2AtendimentosIdEscalar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attendance after the escalation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attendance"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalV2Pacientes: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                telefone?: string;
                cpf?: string;
                nome?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of patients. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2PatientPage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiExternalV2Pacientes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    telefone: string;
                    nome?: string | null;
                    cpf?: string | null;
                    dataNascimento?: string | null;
                    sexo?: ("M" | "F" | "O") | null;
                    email?: string | null;
                    bairro?: string | null;
                    cidade?: string | null;
                };
            };
        };
        responses: {
            /** @description The updated patient. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Patient"];
                };
            };
            /** @description The new patient. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Patient"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalIntegracoesBanco: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate’s integration, when an active BANCO one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentDatabaseIntegration"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalIntegracoesApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate’s integration, when an active API one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentApiIntegration"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiExternalIntegracoesLogs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    integracaoId: number;
                    execucoes: {
                        /** @default null */
                        queryId?: number | null;
                        query: string;
                        /** Format: date-time */
                        inicio: string;
                        /** Format: date-time */
                        fim: string;
                        /** Format: int64 */
                        linhasLidas: number;
                        /** @enum {string} */
                        status: "SUCESSO" | "ERRO" | "PARCIAL";
                        /** @default null */
                        erro?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description The logs were recorded. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        integracaoId: number;
                        /**
                         * Format: int64
                         * @description How many logs were recorded.
                         */
                        recebidos: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiExternalIntegracoesRegistros: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    integracaoId: number;
                    registros: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per record, in request order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        integracaoId: number;
                        /** Format: int64 */
                        total: number;
                        resumo: {
                            /** Format: int64 */
                            criado: number;
                            /** Format: int64 */
                            atualizado: number;
                            /** Format: int64 */
                            inalterado: number;
                            /** Format: int64 */
                            rejeitado: number;
                        };
                        resultados: components["schemas"]["AgentImportResult"][];
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalIntegracoesQueries: {
        parameters: {
            query: {
                /** @description Required. The integration, a positive int64 in plain decimal; missing or malformed: 400 naming `integracaoId`. */
                integracaoId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved queries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentSavedQuery"][];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiExternalIntegracoesQueries: {
        parameters: {
            query: {
                /** @description Required. The integration, a positive int64 in plain decimal; missing or malformed: 400 naming `integracaoId`. */
                integracaoId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    id?: number;
                    nome: string;
                    sql: string;
                    /** @enum {string} */
                    tipo: "PACIENTES" | "AGENDAMENTOS" | "REGISTROS_CLINICOS";
                    /** @default true */
                    ativo?: boolean;
                    ultimaExecucao?: string | null;
                }[];
            };
        };
        responses: {
            /** @description The set was replaced. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        integracaoId: number;
                        /**
                         * Format: int64
                         * @description Counts the sets saved for the integration: of two concurrent PUTs, the higher wins.
                         */
                        versao: number;
                        /** Format: int64 */
                        total: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiExternalPrestadorV1Execucao: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    agendamentoId?: number;
                    numeroPedido?: string | null;
                    /** @enum {string} */
                    resultado: "REALIZADO" | "FALTOU";
                    observacao?: string | null;
                };
            };
        };
        responses: {
            /** @description The execution is registered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionResult"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiWebhooksWhatsappWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description base64 of HMAC-SHA1, keyed with the application’s provider_a auth token, of the URL the provider called (scheme and host from `X-Forwarded-Proto` / `X-Forwarded-Host` behind a proxy, or the configured public URL) followed by each form field’s name and value, sorted by name. Checked only when the application has an auth token configured (a provider_a application always has one; an inbound message for an application on another provider is never taken). */
                "X-Provider-A-Signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["ProviderAInboundMessageForm"];
            };
        };
        responses: {
            /** @description Received (processed or not). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReceived"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiWebhooksWhatsappStatus: {
        parameters: {
            query?: {
                /** @description Our reference of the message (`<aplicacaoId>.<mensagemId>`), as put in the status callback URL given with the send. */
                ref?: string;
            };
            header?: {
                /** @description base64 of HMAC-SHA1, keyed with the application’s provider_a auth token, of the URL the provider called (scheme and host from `X-Forwarded-Proto` / `X-Forwarded-Host` behind a proxy, or the configured public URL) followed by each form field’s name and value, sorted by name. Checked only when the application has an auth token configured (a provider_a application always has one; an inbound message for an application on another provider is never taken). */
                "X-Provider-A-Signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["ProviderAStatusForm"];
            };
        };
        responses: {
            /** @description Received and queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReceived"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiWebhooksWhatsappWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reachable. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiWebhooksWhatsappMetaSlug: {
        parameters: {
            query: {
                /** @description Anything else is a 403. */
                "hub.mode": "subscribe";
                /** @description Must equal the verify token of the application’s provider_b credentials (at most 200 characters, as the admin API takes it). */
                "hub.verify_token": string;
                /** @description Answered back as the body; a longer one is a 403. */
                "hub.challenge": string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The `hub.challenge` value, exactly. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiWebhooksWhatsappMetaSlug: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=<hex>`: HMAC-SHA256 of the exact body bytes, keyed with the app secret of the application’s provider_b credentials. */
                "X-Hub-Signature-256": string;
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProviderBWebhookEvent"];
            };
        };
        responses: {
            /** @description Received and queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReceived"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiV1WebhooksInboundSlugFluxo: {
        parameters: {
            query?: never;
            header?: {
                /** @description `sha256=<hex_lowercase>`: HMAC-SHA256 of the exact body bytes, keyed with the secret of one of the application’s active inbound subscriptions (any match accepts). Required when at least one active subscription has a secret; otherwise not checked. */
                "X-Service-Signature"?: string;
            };
            path: {
                slug: string;
                fluxo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Accepted: kept and queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundWebhookAccepted"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPlanosAtivos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active plans. */
            200: {
                headers: {
                    /** @description `public, max-age=60`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"][];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiContato: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    /** Format: email */
                    email: string;
                    empresa?: string | null;
                    telefone?: string | null;
                    perfil?: string | null;
                    mensagem?: string | null;
                };
            };
        };
        responses: {
            /** @description Received. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoRequestReceipt"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The configured status token (STATUS_TOKEN, at most 256 characters): the answer then carries `runtime`. */
                "X-Status-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusReport"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiExternalCrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CRL (DER). */
            200: {
                headers: {
                    /** @description `public, max-age=3600`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pkix-crl": string;
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiV4SaudePerfil: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientAppProfile"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiV4SaudePerfil: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    nome?: string;
                    sexo?: ("M" | "F" | "O") | null;
                    dataNascimento?: string | null;
                    bairro?: string | null;
                    cidade?: string | null;
                };
            };
        };
        responses: {
            /** @description The whole profile after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientAppProfile"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiV4SaudeConsentimentos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The consents with their history. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientConsent"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiV4SaudeConsentimentos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dispositivo: string;
                    versaoTermos: string;
                    consentimentos: {
                        /** @enum {string} */
                        tipo: "NOTIFICACOES_WHATSAPP" | "NOTIFICACOES_PUSH" | "LOCALIZACAO" | "CAMERA" | "COMPARTILHAMENTO_DADOS";
                        concedido: boolean;
                    }[];
                };
            };
        };
        responses: {
            /** @description The consents named in the request, in its order, after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientConsent"][];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiV4SaudeConsentimentosTipoRevogar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tipo: "NOTIFICACOES_WHATSAPP" | "NOTIFICACOES_PUSH" | "LOCALIZACAO" | "CAMERA" | "COMPARTILHAMENTO_DADOS";
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The consent after the revocation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientConsent"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiV4SaudeConsentimentosTipoConceder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tipo: "NOTIFICACOES_WHATSAPP" | "NOTIFICACOES_PUSH" | "LOCALIZACAO" | "CAMERA" | "COMPARTILHAMENTO_DADOS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The consent after the grant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientConsent"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPrestadorWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook, without its secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderWebhook"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiPrestadorWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    secret?: string | null;
                    eventos?: ("AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU")[];
                    ativo?: boolean;
                };
            };
        };
        responses: {
            /** @description The webhook after the change; `secret` only when this request replaced it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        url: string;
                        eventos: ("AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU")[];
                        ativo: boolean;
                        criadoEm: components["schemas"]["LocalDateTime"];
                        atualizadoEm: components["schemas"]["LocalDateTime"];
                        /** @description The Standard Webhooks signing secret, `whsec_` + base64 of the key. */
                        secret?: string;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiPrestadorWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiPrestadorCredenciaisId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome?: string;
                    limitePorMinuto?: number | null;
                    ipAllowlist?: string[];
                    ativo?: boolean;
                };
            };
        };
        responses: {
            /** @description The credential after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderCredential"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiPrestadorCredenciaisId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPlantonistaPredilecoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active preferences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhysicianPreference"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiPlantonistaPredilecoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    secretariaId: string;
                    turnos: ("MANHA" | "TARDE" | "NOITE" | "MADRUGADA")[];
                    unidades: string[];
                    valorMinimo: string | null;
                    ativo: boolean;
                };
            };
        };
        responses: {
            /** @description The saved preference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhysicianPreference"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPlantonistaPerfil: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhysicianProfile"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiPlantonistaPerfil: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    telefone?: string | null;
                    email?: string | null;
                    especialidade?: string | null;
                    endereco?: {
                        logradouro: string;
                        numero?: string | null;
                        complemento?: string | null;
                        bairro?: string | null;
                        cidade: string;
                        /** @enum {string} */
                        uf: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                        cep?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description The whole profile after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhysicianProfile"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPlantonistaPerfilBusca: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The search profile (the empty one when none was saved). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhysicianSearchProfile"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiPlantonistaPerfilBusca: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    diasSemana: ("SEG" | "TER" | "QUA" | "QUI" | "SEX" | "SAB" | "DOM")[];
                    valorMinimoPorTurno: string | null;
                    raioKm: number;
                    periodos: (("MANHA" | "TARDE" | "NOITE" | "MADRUGADA") | {
                        inicio: string;
                        fim: string;
                    })[];
                };
            };
        };
        responses: {
            /** @description The saved search profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhysicianSearchProfile"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPlantonistaDisponibilidade: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The windows, by date then start. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhysicianAvailabilityWindow"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiPlantonistaDisponibilidade: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: string;
                    periodos: {
                        inicio: string;
                        fim: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiPlantonistaDisponibilidadeLote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    datas: string[];
                    periodos: {
                        inicio: string;
                        fim: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWhatsappTemplatesHsmId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminWhatsappTemplatesHsmId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome?: string;
                    idioma?: string;
                    /** @enum {string} */
                    categoria?: "UTILITY" | "MARKETING" | "AUTHENTICATION";
                    corpo?: string;
                    variaveis?: ("pacienteNome" | "procedimento" | "localRetirada" | "dataLimiteRetirada" | "prestador" | "numeroPedido" | "medicoSolicitante")[];
                    botoes?: string[];
                    procedimentos?: string[];
                };
            };
        };
        responses: {
            /** @description The template after the edit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiAdminWhatsappTemplatesHsmId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWhatsappSetoresId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sector. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappSector"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminWhatsappSetoresId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    codigo?: string;
                    nome?: string;
                    numeros?: string[];
                    atendentes?: number[];
                };
            };
        };
        responses: {
            /** @description The sector after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappSector"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    /** @description `public, max-age=3600`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWellKnownJwksJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key set. */
            200: {
                headers: {
                    /** @description `public, max-age=300`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JwkSet"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWellKnownOauthAuthorizationServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata. */
            200: {
                headers: {
                    /** @description `public, max-age=300`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizationServerMetadata"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    senha: string;
                };
            };
        };
        responses: {
            /** @description The portal token, and the console session’s refresh cookie. */
            200: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    /** @description `refresh_token=<opaque>; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=<seconds>`: the console session’s refresh token (12 hours, never past 24 hours from the login). Only `/api/auth/refresh` and `/api/auth/logout` read it. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalLoginToken"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAuthPacienteCodigo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    aplicacao: string;
                    telefone: string;
                };
            };
        };
        responses: {
            /** @description Accepted. */
            202: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ENVIADO";
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAuthPacienteToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    aplicacao: string;
                    telefone: string;
                    codigo: string;
                };
            };
        };
        responses: {
            /** @description The patient token. */
            200: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientLoginToken"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAuthRefresh: {
        parameters: {
            query?: never;
            header: {
                /** @description Must be `console` (else 403 `forbidden`): a cross-site page cannot send it without a CORS preflight, which this API does not grant. */
                "X-Requested-With": "console";
            };
            path?: never;
            cookie?: {
                /** @description The refresh token the login (or the last refresh) set; the browser sends it (HttpOnly: scripts never see it). */
                refresh_token?: string;
            };
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The new access token, and the next refresh cookie. */
            200: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    /** @description `refresh_token=<opaque>; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=<seconds>`: the console session’s refresh token (12 hours, never past 24 hours from the login). Only `/api/auth/refresh` and `/api/auth/logout` read it. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalLoginToken"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAuthLogout: {
        parameters: {
            query?: never;
            header: {
                /** @description Must be `console` (else 403 `forbidden`): a cross-site page cannot send it without a CORS preflight, which this API does not grant. */
                "X-Requested-With": "console";
            };
            path?: never;
            cookie?: {
                /** @description The refresh token the login (or the last refresh) set; the browser sends it (HttpOnly: scripts never see it). */
                refresh_token?: string;
            };
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Logged out; the cookie is cleared (`Max-Age=0`). */
            204: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    /** @description `refresh_token=; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=0`. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAplicacoes: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of applications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["AdminApplication"][];
                        /** Format: int64 */
                        totalElements: number;
                        /** Format: int64 */
                        totalPages: number;
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAplicacoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    slug: string;
                    /** @enum {string} */
                    provider: "provider_a" | "provider_b" | "link";
                    providerA?: {
                        accountSid: string;
                        authToken: string;
                        fromNumber: string;
                        /** Format: uri */
                        baseUrl?: string;
                    };
                    providerB?: {
                        phoneNumberId: string;
                        accessToken: string;
                        appSecret: string;
                        verifyToken: string;
                        /** Format: uri */
                        baseUrl?: string;
                        wabaId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The application, its opening balance and its first API key pair. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApplicationCreated"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAplicacoesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application, its provider secrets masked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApplicationWithBalance"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminAplicacoesIdProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    provider?: "provider_a" | "provider_b" | "link";
                    providerA?: {
                        accountSid?: string;
                        authToken?: string;
                        fromNumber?: string;
                        /** Format: uri */
                        baseUrl?: string;
                    };
                    providerB?: {
                        phoneNumberId?: string;
                        accessToken?: string;
                        appSecret?: string;
                        verifyToken?: string;
                        /** Format: uri */
                        baseUrl?: string;
                        wabaId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The application as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApplication"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAplicacoesIdCredenciais: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new API key pair. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApiCredentials"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAplicacoesIdOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clients. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOAuthClient"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAplicacoesIdOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    scopes: string[];
                };
            };
        };
        responses: {
            /** @description The new client and its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOAuthClientCreated"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAplicacoesIdCreditos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    valor: string;
                    descricao?: string;
                };
            };
        };
        responses: {
            /** @description The statement entry of the credit. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementEntry"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminUsuarios: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPortalUserPage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminUsuarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "admin" | "prestador" | "plantonista" | "paciente";
                    senha?: string;
                    telefone?: string;
                    /** Format: int64 */
                    prestadorId?: number;
                    /** Format: int64 */
                    aplicacaoId?: number;
                    plataforma?: boolean;
                };
            };
        };
        responses: {
            /** @description The user, without its password. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPortalUser"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminTarifas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tariffs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTariff"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminTarifas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    categoria: string;
                    subtipo: string;
                    valor: string;
                    unidade: string;
                    descricao?: string;
                    subtipoDescricao?: string;
                    unidadeDescricao?: string;
                    ativo?: boolean;
                    aplicacaoId?: number | null;
                    vigenciaInicio?: string | null;
                    vigenciaFim?: string | null;
                };
            };
        };
        responses: {
            /** @description The tariff. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTariff"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminTarifasId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    categoria?: string;
                    subtipo?: string;
                    valor?: string;
                    unidade?: string;
                    descricao?: string;
                    subtipoDescricao?: string;
                    unidadeDescricao?: string;
                    ativo?: boolean;
                    aplicacaoId?: number | null;
                    vigenciaInicio?: string | null;
                    vigenciaFim?: string | null;
                };
            };
        };
        responses: {
            /** @description The tariff as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTariff"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAplicacoesIdEstornos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    lancamentoId: number;
                    motivo?: string;
                };
            };
        };
        responses: {
            /** @description The statement entry of the refund. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementEntry"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminResumo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOverview"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminExtrato: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                de?: string;
                ate?: string;
                referenciaTipo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of statement entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["StatementEntry"][];
                        /** Format: int64 */
                        totalElements: number;
                        /** Format: int64 */
                        totalPages: number;
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminExtratoCsv: {
        parameters: {
            query?: {
                de?: string;
                ate?: string;
                referenciaTipo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV. */
            200: {
                headers: {
                    /** @description `attachment; filename="extrato-<de>-<ate>.csv"`. */
                    "Content-Disposition"?: string;
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminAplicacoesIdNumeros: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    numeros: string[];
                };
            };
        };
        responses: {
            /** @description The application as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApplication"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminAplicacoesIdAtivo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ativo: boolean;
                };
            };
        };
        responses: {
            /** @description The application as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApplication"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminAplicacoesIdRitmo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int32 */
                    mensagensPorSegundo: number;
                };
            };
        };
        responses: {
            /** @description The application as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApplication"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminAplicacoesIdPrestadoresPrestadorIdAtivo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                prestadorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ativo: boolean;
                };
            };
        };
        responses: {
            /** @description The prestador’s new state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        prestadorId: number;
                        ativo: boolean;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiAdminAplicacoesIdOauthClientsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminAplicacoesIdCarimboTempo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ativo: boolean;
                };
            };
        };
        responses: {
            /** @description The application as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminApplication"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminCarimbosId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stamp. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTimeStamp"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiV4SaudeConsentimentosTipoHistorico: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tipo: "NOTIFICACOES_WHATSAPP" | "NOTIFICACOES_PUSH" | "LOCALIZACAO" | "CAMERA" | "COMPARTILHAMENTO_DADOS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The history, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientConsentHistoryStamped"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWhatsappSetores: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sectors. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappSector"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWhatsappSetores: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    codigo: string;
                    nome: string;
                    numeros?: string[];
                    atendentes?: number[];
                };
            };
        };
        responses: {
            /** @description The new sector. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappSector"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWebhooksEntrada: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundWebhookSubscription"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWebhooksEntrada: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    descricao?: string;
                    comSegredo?: boolean;
                };
            };
        };
        responses: {
            /** @description The new subscription, with its secret shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        descricao: string | null;
                        ativo: boolean;
                        temSegredo: boolean;
                        criadoEm: components["schemas"]["LocalDateTime"];
                        desativadoEm: components["schemas"]["LocalDateTime"] | null;
                        /** @description The secret; null for a subscription without one. */
                        segredo: string | null;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiAdminWebhooksEntradaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWebhooksEntradaEventos: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["InboundWebhookEvent"][];
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminMensagensRecebidas: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                telefone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["ReceivedMessage"][];
                        /** Format: int64 */
                        totalElements: number;
                        /** Format: int64 */
                        totalPages: number;
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminMensagens: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                status?: "QUEUED" | "SENT" | "DELIVERED" | "READ" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED";
                contexto?: "RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE";
                telefone?: string;
                de?: string;
                ate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["ExternalMessage"][];
                        /** Format: int64 */
                        totalElements: number;
                        /** Format: int64 */
                        totalPages: number;
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminMensagensId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminMessage"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminMensagensIdCancelar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message, canceled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminMessage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAtendimentos: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                status?: "BOT" | "FILA" | "EM_ANDAMENTO";
                setorId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attendances. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAttendancePage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAtendimentosId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attendance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAttendance"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAtendimentosIdAssumir: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attendance after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attendance"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAtendimentosIdResponder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mensagem: string;
                };
            };
        };
        responses: {
            /** @description Sent on WhatsApp. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageSendResult"];
                };
            };
            /** @description Sent to the patient app’s chat (the attendance’s `canal` is APP), and pushed. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendanceAppAnswer"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Insufficient balance. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The upstream provider failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAtendimentosIdEncerrar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attendance after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attendance"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWhatsappIa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiSettings"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminWhatsappIa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    autoResposta: boolean;
                    instrucoes: string;
                    horarioAtendimento?: string | null;
                };
            };
        };
        responses: {
            /** @description The settings as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiSettings"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAtendimentosIdSugestao: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suggestion. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiSuggestion"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Insufficient balance. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Temporarily unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWhatsappTemplatesHsmSugestoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    objetivo: string;
                    /** @enum {string} */
                    categoria: "UTILITY" | "MARKETING" | "AUTHENTICATION";
                    idioma?: string;
                };
            };
        };
        responses: {
            /** @description The new draft template. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Insufficient balance. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Temporarily unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminIaResumo: {
        parameters: {
            query?: {
                mes?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The month’s AI interactions and margin. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiSummary"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWhatsappTemplatesHsm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The templates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWhatsappTemplatesHsm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    idioma: string;
                    /** @enum {string} */
                    categoria: "UTILITY" | "MARKETING" | "AUTHENTICATION";
                    corpo: string;
                    variaveis?: ("pacienteNome" | "procedimento" | "localRetirada" | "dataLimiteRetirada" | "prestador" | "numeroPedido" | "medicoSolicitante")[];
                    botoes?: string[];
                    procedimentos: string[];
                };
            };
        };
        responses: {
            /** @description The new template. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWhatsappTemplatesHsmIdSubmeter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template after the submission (EM_ANALISE, APROVADO or REJEITADO). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The upstream provider failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWhatsappTemplatesHsmIdPausar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWhatsappTemplatesHsmIdArquivar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatsappTemplate"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminWhatsappFluxoAgendamentos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentFlowSettings"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminWhatsappFluxoAgendamentos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int32 */
                    lembreteAntesSegundos?: number;
                    /** Format: int32 */
                    semRespostaSegundos?: number;
                    palavrasConfirmar?: string[];
                    palavrasCancelar?: string[];
                    palavrasOptOut?: string[];
                    /** @description Quiet hours: the daily send window’s start (HH:mm, America/Sao_Paulo; default 08:00), from which campaigns and the flow’s reminders go out. Outside the window they wait for its next opening and resume by themselves; the flow’s first message, its no-reply deadline and sends asked of the API are never held. */
                    horarioEnvioInicio?: string;
                    /** @description Quiet hours: the window’s end (HH:mm, excluded from the window, `24:00` for the end of the day; default 20:00), later than `horarioEnvioInicio`: from it campaigns and reminders wait for the next day’s start. */
                    horarioEnvioFim?: string;
                };
            };
        };
        responses: {
            /** @description The whole settings after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentFlowSettings"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminWhatsappTeste: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    telefone: string;
                };
            };
        };
        responses: {
            /** @description Sent (or, for `link`, the link to send it by hand). */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageSendResult"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Insufficient balance. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The upstream provider failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAgendamentos: {
        parameters: {
            query: {
                page?: number;
                size?: number;
                data: string;
                status?: "IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the day’s appointments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAppointmentPage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAgendamentosId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The appointment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAppointment"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAgendamentosIdConfirmar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    motivo?: string;
                };
            };
        };
        responses: {
            /** @description The appointment after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAgendamentosIdCancelar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    motivo: string;
                };
            };
        };
        responses: {
            /** @description The appointment after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAgendamentosIdReprocessar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The appointment, IMPORTADO again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminCampanhas: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of campaigns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignPage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminCampanhas: {
        parameters: {
            query?: {
                simular?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    mensagem?: string;
                    /** Format: int64 */
                    templateId?: number;
                    agendarPara?: string;
                    /** @enum {string} */
                    contexto?: "RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE";
                    variaveis?: {
                        [key: string]: string;
                    };
                    destinatarios: {
                        telefone: string;
                        nome?: string;
                        variaveis?: {
                            [key: string]: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description `simular=true`: what the campaign would be. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignPreview"];
                };
            };
            /** @description The campaign (AGENDADA, or EM_ANDAMENTO). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminCampanhasCsv: {
        parameters: {
            query: {
                nome: string;
                mensagem?: string;
                templateId?: number;
                agendarPara?: string;
                contexto?: "RESERVA" | "PAGAMENTO" | "SUPORTE" | "LEMBRETE" | "CAMPANHA" | "TESTE" | "AGENDAMENTO_SAUDE";
                simular?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description `simular=true`: what the campaign would be. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignPreview"];
                };
            };
            /** @description The campaign (AGENDADA, or EM_ANDAMENTO). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminCampanhasId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminCampanhasIdDestinatarios: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                status?: "PENDENTE" | "ENVIADA" | "FALHA" | "IGNORADA";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of recipients. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignRecipientPage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminCampanhasIdPausar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminCampanhasIdRetomar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminCampanhasIdCancelar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminIntegracoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every integration of the application. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminIntegration"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminIntegracoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    tipoIntegracao: "BANCO";
                    nome: string;
                    /** @default null */
                    intervaloMinutos?: number | null;
                    /** @default true */
                    ativo?: boolean;
                    conexao: {
                        /** @enum {string} */
                        driver: "postgresql" | "mysql" | "mariadb" | "sqlserver" | "oracle" | "firebird";
                        host: string;
                        /** Format: int32 */
                        porta: number;
                        banco: string;
                        usuario?: string | null;
                        parametros?: string | null;
                    };
                    /** @default {} */
                    segredos?: {
                        senha?: string | null;
                    };
                } | {
                    /** @constant */
                    tipoIntegracao: "API";
                    nome: string;
                    /** @default null */
                    intervaloMinutos?: number | null;
                    /** @default true */
                    ativo?: boolean;
                    conexao: {
                        /** Format: uri */
                        urlBase: string;
                        /**
                         * @default NENHUMA
                         * @enum {string}
                         */
                        autenticacao?: "NENHUMA" | "BEARER" | "BASIC" | "API_KEY";
                        usuario?: string | null;
                        cabecalho?: string | null;
                    };
                    /** @default {} */
                    segredos?: {
                        token?: string | null;
                        senha?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description The integration. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminIntegration"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminIntegracoesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminIntegration"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminIntegracoesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    tipoIntegracao: "BANCO";
                    nome: string;
                    /** @default null */
                    intervaloMinutos?: number | null;
                    /** @default true */
                    ativo?: boolean;
                    conexao: {
                        /** @enum {string} */
                        driver: "postgresql" | "mysql" | "mariadb" | "sqlserver" | "oracle" | "firebird";
                        host: string;
                        /** Format: int32 */
                        porta: number;
                        banco: string;
                        usuario?: string | null;
                        parametros?: string | null;
                    };
                    /** @default {} */
                    segredos?: {
                        senha?: string | null;
                    };
                } | {
                    /** @constant */
                    tipoIntegracao: "API";
                    nome: string;
                    /** @default null */
                    intervaloMinutos?: number | null;
                    /** @default true */
                    ativo?: boolean;
                    conexao: {
                        /** Format: uri */
                        urlBase: string;
                        /**
                         * @default NENHUMA
                         * @enum {string}
                         */
                        autenticacao?: "NENHUMA" | "BEARER" | "BASIC" | "API_KEY";
                        usuario?: string | null;
                        cabecalho?: string | null;
                    };
                    /** @default {} */
                    segredos?: {
                        token?: string | null;
                        senha?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description The integration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminIntegration"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiAdminIntegracoesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminIntegracoesIdLogs: {
        parameters: {
            query?: {
                limite?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of logs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["IntegrationExecutionLog"][];
                        /** @description The next page’s `cursor`; null on the last page. */
                        proximoCursor: string | null;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminIntegracoesIdCertificados: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCertificate"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminIntegracoesIdCertificados: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    csr: string;
                    /** Format: int32 */
                    validadeDias?: number;
                };
            };
        };
        responses: {
            /** @description The certificate. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCertificateIssued"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminIntegracoesIdCertificadosSerialRevogar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                serial: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    motivo?: string | null;
                };
            };
        };
        responses: {
            /** @description The certificate. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCertificate"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPrestadorCredenciais: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credentials. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderCredential"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiPrestadorCredenciais: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    limitePorMinuto?: number | null;
                    ipAllowlist?: string[];
                    ativo?: boolean;
                };
            };
        };
        responses: {
            /** @description The credential with its secret. */
            201: {
                headers: {
                    /** @description `no-store`: the answer carries a secret shown only once. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderCredentialWithSecret"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiPrestadorCredenciaisIdRegenerar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential with its new secret. */
            200: {
                headers: {
                    /** @description `no-store`: the answer carries a secret shown only once. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderCredentialWithSecret"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPrestadorWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhooks, without their secrets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderWebhook"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiPrestadorWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    secret?: string | null;
                    eventos?: ("AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU")[];
                    ativo?: boolean;
                };
            };
        };
        responses: {
            /** @description The webhook with its secret. */
            201: {
                headers: {
                    /** @description `no-store`: the answer carries a secret shown only once. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderWebhookWithSecret"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPrestadorWebhooksIdEntregas: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["ProviderWebhookDelivery"][];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        page: number;
                        /** Format: int64 */
                        size: number;
                        /** Format: int64 */
                        totalPages: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiPrestadorWebhooksIdEntregasEntregaIdReenviar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                entregaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, PENDENTE. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderWebhookDelivery"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPrestadorWebhooksIdSegredo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret. */
            200: {
                headers: {
                    /** @description `no-store`: the answer carries a secret shown only once. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderWebhookSecret"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiPrestadorWebhooksIdTeste: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    evento?: "AGENDAMENTO_CONFIRMADO" | "AGENDAMENTO_CANCELADO" | "AGENDAMENTO_REALIZADO" | "AGENDAMENTO_FALTOU";
                };
            };
        };
        responses: {
            /** @description The test delivery, PENDENTE: its attempt is queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderWebhookDelivery"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiPrestadorAgendamentos: {
        parameters: {
            query: {
                page?: number;
                size?: number;
                data: string;
                status?: "IMPORTADO" | "VALIDADO" | "ENVIADO" | "AVISO_ENVIADO" | "CONFIRMADO" | "NAO_RESPONDEU" | "CANCELADO" | "ERRO" | "SEM_TEMPLATE" | "REALIZADO" | "FALTOU";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the day’s appointments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAppointmentPage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiPrestadorAgendamentosIdExecucao: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    resultado: "REALIZADO" | "FALTOU";
                    observacao?: string | null;
                };
            };
        };
        responses: {
            /** @description The execution is registered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionResult"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiV4SaudeChat: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the chat. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["PatientChatMessage"][];
                        /** Format: int64 */
                        totalElements: number;
                        /** Format: int64 */
                        totalPages: number;
                        /** Format: int64 */
                        number: number;
                        /** Format: int64 */
                        size: number;
                    };
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiV4SaudeChat: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    texto: string;
                };
            };
        };
        responses: {
            /** @description The message as kept. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientChatMessage"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request is understood but not allowed in this state. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiV4SaudeDispositivos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    plataforma: "android" | "ios";
                    token: string;
                };
            };
        };
        responses: {
            /** @description Already registered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientDevice"];
                };
            };
            /** @description Registered. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatientDevice"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Temporarily unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApiV4SaudeDispositivosId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putApiAdminAplicacoesIdPlano: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    planoId: number;
                };
            };
        };
        responses: {
            /** @description The plan in force and the invoice issued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanChange"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApiAdminAplicacoesIdFaturas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoices, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanInvoice"][];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiAdminAplicacoesIdFaturasFaturaIdPagar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                faturaId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paid invoice. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanInvoice"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not authenticated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Authenticated, but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (a record of another application is also 404). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postApiWebhooksPagamentosStripe: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<exact body>" keyed with the endpoint secret>`, more `v1` during a secret’s rotation. */
                "Stripe-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StripeEvent"];
            };
        };
        responses: {
            /** @description Received (paid, paid already, or ignored). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReceived"];
                };
            };
            /** @description Bad request: the body, query or path is not valid; `field` names the offending field when there is one. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state; read it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Internal error (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    webhookAGENDAMENTO_CONFIRMADO: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id (`msg_<agendamentoId>_<n>`): the same for every subscription and every retry of one event. Use it to drop duplicates. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed (each retry is signed again). Refuse one too far from now. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the subscription’s secret (`whsec_` + base64; the key is the decoded part). Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppointmentConfirmedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAGENDAMENTO_CANCELADO: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id (`msg_<agendamentoId>_<n>`): the same for every subscription and every retry of one event. Use it to drop duplicates. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed (each retry is signed again). Refuse one too far from now. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the subscription’s secret (`whsec_` + base64; the key is the decoded part). Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppointmentCancelledEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAGENDAMENTO_REALIZADO: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id (`msg_<agendamentoId>_<n>`): the same for every subscription and every retry of one event. Use it to drop duplicates. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed (each retry is signed again). Refuse one too far from now. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the subscription’s secret (`whsec_` + base64; the key is the decoded part). Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppointmentCarriedOutEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAGENDAMENTO_FALTOU: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id (`msg_<agendamentoId>_<n>`): the same for every subscription and every retry of one event. Use it to drop duplicates. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed (each retry is signed again). Refuse one too far from now. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the subscription’s secret (`whsec_` + base64; the key is the decoded part). Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppointmentNoShowEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
