// /v1/didcomm: send and read DIDComm v2 messages. Each row: path → operation → body. The inbound
// endpoint (POST /didcomm) is a public route (src/http/public-routes.ts).
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

export const DIDCOMM_MESSAGE =
  'id direction did messageId type from to thid packing message envelope delivery deliveryDetail createdAt';

/** `message` is the DIDComm plaintext as it is: its keys are the spec's, not to be re-cased. */
export function didcommMessageBody(view: unknown) {
  if (!view || typeof view !== 'object') return view;
  const { message, ...rest } = view as { message: unknown };
  return { ...(snakeKeys(rest) as object), message };
}

export const DIDCOMM_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/didcomm/messages',
    operation: `mutation SendDidcommMessage($input: SendDidcommMessageInput!) { sendDidcommMessage(input: $input) { ${DIDCOMM_MESSAGE} } }`,
    bodyInput: 'SendDidcommMessageInput',
    result: (data) => didcommMessageBody(data.sendDidcommMessage),
  },
  {
    method: 'GET',
    path: '/v1/didcomm/messages',
    operation: `query DidcommMessages($direction: DidcommDirection, $did: String, $type: String, $thid: String, $limit: Int, $cursor: String) { didcommMessages(direction: $direction, did: $did, type: $type, thid: $thid, limit: $limit, cursor: $cursor) { messages { ${DIDCOMM_MESSAGE} } nextCursor } }`,
    variables: (request) => ({
      direction: request.query.get('direction'),
      did: request.query.get('did'),
      type: request.query.get('type'),
      thid: request.query.get('thid'),
      ...pageQuery(request),
    }),
    result: (data) => {
      const page = data.didcommMessages as { messages: unknown[]; nextCursor: string | null };
      return { messages: page.messages.map(didcommMessageBody), next_cursor: page.nextCursor };
    },
  },
  {
    method: 'GET',
    path: '/v1/didcomm/messages/:id',
    operation: `query DidcommMessage($id: String!) { didcommMessage(id: $id) { ${DIDCOMM_MESSAGE} } }`,
    variables: withParam('id', 'id'),
    result: (data) => didcommMessageBody(data.didcommMessage),
  },
];
