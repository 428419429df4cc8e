// JSON Schema of a JavaScript action's metadata file, after GitHub's "Metadata syntax for GitHub
// Actions" reference, narrowed to what this project may ship: node24 JavaScript actions.
export const actionMetadataSchema = {
  type: 'object',
  required: ['name', 'description', 'runs'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1 },
    author: { type: 'string' },
    description: { type: 'string', minLength: 1 },
    inputs: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' },
      additionalProperties: {
        type: 'object',
        required: ['description'],
        additionalProperties: false,
        properties: {
          description: { type: 'string', minLength: 1 },
          required: { type: 'boolean' },
          default: { type: 'string' },
          deprecationMessage: { type: 'string' },
        },
      },
    },
    outputs: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' },
      additionalProperties: {
        type: 'object',
        required: ['description'],
        additionalProperties: false,
        properties: { description: { type: 'string', minLength: 1 } },
      },
    },
    runs: {
      type: 'object',
      required: ['using', 'main'],
      additionalProperties: false,
      properties: {
        using: { const: 'node24' },
        main: { type: 'string', pattern: '\\.c?js$' },
        pre: { type: 'string' },
        'pre-if': { type: 'string' },
        post: { type: 'string' },
        'post-if': { type: 'string' },
      },
    },
    branding: {
      type: 'object',
      additionalProperties: false,
      properties: {
        icon: { type: 'string' },
        color: {
          enum: [
            'white',
            'black',
            'yellow',
            'blue',
            'green',
            'orange',
            'red',
            'purple',
            'gray-dark',
          ],
        },
      },
    },
  },
} as const;
