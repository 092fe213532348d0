// The guardrail every model call goes through (docs/ai.md), declared once: the stack makes the Bedrock guardrail from
// it (infra/stack.ts) and the local Bedrock simulator (infra/local/simulators/bedrock.ts) refuses with the same names
// and messages, so a refusal looks the same under `npm start` and on AWS.
//
// What it refuses:
// - a denied topic: diagnoses and clinical advice (symptoms read, medicines, doses, treatments, test results), asked
//   or answered: the service answers schedules and practical questions, never health questions;
// - CPFs (written 000.000.000-00, or 11 digits after "CPF") and Cartão Nacional de Saúde numbers (15 digits), by
//   regular expression, in the question and in the answer: no patient identifier goes to the model or out of it;
// - the built-in identifiers no answer needs: card numbers and codes, PINs, passwords;
// - harmful content and prompt attacks (the content filters).
// Names and patterns follow Bedrock's limits: a topic's name [0-9a-zA-Z-_ !?.] up to 100 characters, its definition
// up to 200, each example up to 100; a blocked message up to 500.
import type { CfnGuardrailProps } from 'aws-cdk-lib/aws-bedrock';

/** The denied topic (its name is what the trace reports: `topic:<name>` in ModelReply.guardrailFindings). */
export const clinicalAdviceTopic = {
  name: 'Diagnosticos e orientacao clinica',
  definition:
    'Diagnóstico de doenças ou sintomas, interpretação de exames, indicação de medicamentos, doses ou tratamentos, e qualquer orientação clínica sobre a saúde de uma pessoa.',
  examples: [
    'Estou com febre e dor de cabeça, o que eu tenho?',
    'Qual remédio posso tomar para dor nas costas?',
    'Meu exame de sangue deu glicose 180, é diabetes?',
    'Posso parar de tomar o antibiótico antes do fim?',
    'Quantas gotas de dipirona dou para uma criança de 5 anos?',
  ],
} as const;

/** The identifiers refused by pattern, in the question and in the answer (`regex:<name>` in the findings). */
export const identifierPatterns = [
  { name: 'CPF', description: 'CPF escrito com pontos e traço (000.000.000-00)', pattern: String.raw`\b\d{3}\.\d{3}\.\d{3}-\d{2}\b` },
  {
    name: 'CPF sem pontuacao',
    description: 'CPF de 11 dígitos logo depois da palavra CPF',
    pattern: String.raw`[Cc][Pp][Ff]\D{0,6}\d{11}\b`,
  },
  {
    name: 'Cartao Nacional de Saude',
    description: 'Número do CNS: 15 dígitos começando por 1, 2, 7, 8 ou 9, com ou sem espaços',
    pattern: String.raw`\b[12789]\d{2} ?\d{4} ?\d{4} ?\d{4}\b`,
  },
] as const;

/** Bedrock's built-in identifiers refused in both directions (`pii:<TYPE>` in the findings). */
export const blockedPiiTypes = ['CREDIT_DEBIT_CARD_NUMBER', 'CREDIT_DEBIT_CARD_CVV', 'PIN', 'PASSWORD'] as const;

/** What the patient reads instead of an answer: the question was refused (topic, identifier, attack)... */
export const blockedInputMessage =
  'Desculpe, não posso ajudar com isso por aqui. Não dou orientações sobre sintomas, diagnósticos, exames ou tratamentos: procure um profissional de saúde (em caso de urgência, ligue 192). Por segurança, não envie documentos como CPF nesta conversa.';
/** ... or the answer was (it touched the topic or carried an identifier). */
export const blockedOutputMessage = 'Desculpe, não consigo responder a isso por aqui. Uma pessoa da nossa equipe vai ajudar você.';

/** Harmful content in both directions; prompt attacks in the question (Bedrock wants NONE for them on the answer). */
const contentFilters = [
  ...(['SEXUAL', 'VIOLENCE', 'HATE', 'INSULTS', 'MISCONDUCT'] as const).map((type) => ({
    type,
    inputStrength: 'HIGH',
    outputStrength: 'HIGH',
  })),
  { type: 'PROMPT_ATTACK', inputStrength: 'HIGH', outputStrength: 'NONE' },
];

/**
 * The guardrail's properties. With a guardrail profile (cross-Region guardrail inference) the topic and content
 * filters use the Standard tier, which reads Portuguese; without one, the Classic tier, which reads only English,
 * French and Spanish: there the patterns and identifiers still hold, the topic and content filters barely (docs/ai.md).
 */
export function guardrailProps(name: string, guardrailProfileArn: string | undefined): CfnGuardrailProps {
  const tier = guardrailProfileArn ? 'STANDARD' : 'CLASSIC';
  return {
    name,
    description: 'Every model call: no diagnoses or clinical advice, no CPF or other identifiers in or out (docs/ai.md)',
    blockedInputMessaging: blockedInputMessage,
    blockedOutputsMessaging: blockedOutputMessage,
    ...(guardrailProfileArn ? { crossRegionConfig: { guardrailProfileArn } } : {}),
    topicPolicyConfig: {
      topicsConfig: [
        { ...clinicalAdviceTopic, examples: [...clinicalAdviceTopic.examples], type: 'DENY', inputAction: 'BLOCK', outputAction: 'BLOCK' },
      ],
      topicsTierConfig: { tierName: tier },
    },
    contentPolicyConfig: { filtersConfig: contentFilters, contentFiltersTierConfig: { tierName: tier } },
    sensitiveInformationPolicyConfig: {
      regexesConfig: identifierPatterns.map((p) => ({ ...p, action: 'BLOCK', inputAction: 'BLOCK', outputAction: 'BLOCK' })),
      piiEntitiesConfig: blockedPiiTypes.map((type) => ({ type, action: 'BLOCK', inputAction: 'BLOCK', outputAction: 'BLOCK' })),
    },
  };
}
