// Starts GraphiQL on the page, against the endpoint and websocket URL that index.html names.
(function () {
  'use strict';
  var root = document.getElementById('graphiql');
  var endpoint = new URL(root.dataset.endpoint, window.location.href);
  var ws = new URL(endpoint.href);
  ws.protocol = endpoint.protocol === 'https:' ? 'wss:' : 'ws:';
  var fetcher = GraphiQL.createFetcher({ url: endpoint.href, subscriptionUrl: ws.href });
  var defaultQuery = [
    '# Welcome to Rout\'s GraphQL API.',
    '#',
    '# Sign up or sign in with the mutations below, then put the session token in the',
    '# Headers tab as {"Authorization": "Bearer rout_s_..."} and run the viewer query.',
    '# The Docs pane (top left) lists every type and field.',
    '',
    'mutation SignUp {',
    '  signUp(input: {name: "alice", email: "alice@example.com", password: "correct horse battery"}) {',
    '    user { id name }',
    '    session { token expiresAt }',
    '    userErrors { code field message }',
    '  }',
    '}',
    '',
    'mutation SignIn {',
    '  signIn(input: {login: "alice@example.com", password: "correct horse battery"}) {',
    '    session { token expiresAt }',
    '    userErrors { code field message }',
    '  }',
    '}',
    '',
    'query Viewer {',
    '  viewer { id name email notify }',
    '}',
    ''
  ].join('\n');
  ReactDOM.createRoot(root).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: defaultQuery,
      defaultEditorToolsVisibility: 'headers',
      shouldPersistHeaders: false
    })
  );
})();
