// The closed vocabularies of scenario files (step kinds, condition keys, operators, tags), as code.
// scenario.schema.json holds the same lists for editors; a test keeps the two identical.

export const STEP_KINDS = [
  'request',
  'notify',
  'send',
  'handshake',
  'expect',
  'expectNoResponse',
  'expectNotification',
  'expectNoNotification',
  'expectServerRequest',
  'expectNoServerRequest',
  'collectNotifications',
  'cancel',
  'set',
  'check',
  'loop',
  'closeInput',
  'http',
] as const;

export const CONDITION_KEYS = ['capability', 'revision', 'transport', 'defined', 'pick', 'not', 'allOf', 'anyOf', 'authorization', 'extension', 'value'] as const;

export const PATTERN_OPERATORS = [
  '$type',
  '$regex',
  '$oneOf',
  '$any',
  '$absent',
  '$eq',
  '$ne',
  '$in',
  '$not',
  '$schema',
  '$validAgainst',
  '$jsonSchema',
  '$values',
  '$keys',
  '$each',
  '$contains',
  '$containsAll',
  '$mentions',
  '$length',
  '$minLength',
  '$maxLength',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$unique',
  '$minProperties',
  '$increasing',
  '$var',
] as const;

export const EXPRESSION_OPERATORS = [
  '$var',
  '$validArgs',
  '$quickArgs',
  '$invalidArgs',
  '$repeat',
  '$literal',
  '$promptArgs',
  '$inputResponses',
  '$merge',
  '$firstMatch',
  '$headerParams',
] as const;

export const SCENARIO_TAGS = [
  'smoke',
  'handshake',
  'negotiation',
  'jsonrpc',
  'tools',
  'resources',
  'prompts',
  'pagination',
  'cancellation',
  'progress',
  'logging',
  'completion',
  'stdio',
  'http',
  'sessions',
  'stateless',
  'errors',
  'race',
  'robustness',
  'authorization',
  'schema',
] as const;

export const TRANSPORTS = ['stdio', 'http', 'sse', 'in-memory'] as const;

export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
