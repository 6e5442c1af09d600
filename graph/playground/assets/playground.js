// Starts GraphiQL on the page, against the endpoint and websocket URL that index.html names, with Rout's
// "Upload a map" plugin in its sidebar: GraphiQL cannot send files, so the plugin sends uploadMap,
// publishMapVersion and importMap as multipart requests (docs/api.md, "Uploading files") with the Headers
// tab's headers, and shows the answer.
(function () {
  'use strict';
  var h = React.createElement;
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
    '# The Docs pane (top left) lists every type and field; the upload button below it',
    '# sends a map file (uploadMap, publishMapVersion, importMap).',
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

  // The mutations the plugin sends, by mode; each takes the whole input as $input, its file null.
  var payload = '{ map { key version name previewUrl } userErrors { code field message } warnings { code field message } }';
  var modes = {
    upload: { label: 'Upload a new map', field: 'uploadMap', input: 'UploadMapInput' },
    publish: { label: 'Publish a new version', field: 'publishMapVersion', input: 'PublishMapVersionInput' },
    import: { label: 'Import from another game', field: 'importMap', input: 'ImportMapInput' }
  };

  // headers returns the Headers tab's headers (a JSON object of strings), or throws an Error that says
  // what is wrong with it.
  function headers(editor) {
    var text = editor ? editor.getValue().trim() : '';
    if (!text) return {};
    var parsed;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw new Error('The Headers tab is not valid JSON: ' + e.message);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new Error('The Headers tab must hold a JSON object, such as {"Authorization": "Bearer rout_s_..."}.');
    }
    var out = {};
    Object.keys(parsed).forEach(function (k) {
      // The browser sets the multipart body's own Content-Type, with its boundary.
      if (k.toLowerCase() !== 'content-type') out[k] = String(parsed[k]);
    });
    return out;
  }

  // gameSnippet is the document that creates a game on the map against a CPU, then starts it.
  function gameSnippet(m) {
    return [
      '# Start a game on ' + m.name + ' (' + m.key + ', version ' + m.version + '): run CreateGame, put the',
      '# game\'s id in the Variables tab as {"game": "<id>"}, then run StartGame.',
      'mutation CreateGame {',
      '  createGame(input: {mapKey: ' + JSON.stringify(m.key) + ', mapVersion: ' + m.version + ',',
      '      seats: [{kind: HUMAN, color: "red"}, {kind: CPU, difficulty: "easy", color: "blue"}]}) {',
      '    game { id status map { key version } }',
      '    userErrors { code field message }',
      '  }',
      '}',
      '',
      'mutation StartGame($game: ID!) {',
      '  startGame(input: {gameId: $game}) {',
      '    game { id status phase turn currentSeat }',
      '    userErrors { code field message }',
      '  }',
      '}',
      ''
    ].join('\n');
  }

  function field(id, label, control, hint) {
    return h('div', { className: 'rout-field' },
      h('label', { htmlFor: id }, label), control,
      hint ? h('p', { className: 'rout-hint', id: id + '-hint' }, hint) : null);
  }

  function select(id, value, onChange, options, hint) {
    return h('select', {
      id: id, value: value, 'aria-describedby': hint ? id + '-hint' : undefined,
      onChange: function (e) { onChange(e.target.value); }
    }, options.map(function (o) { return h('option', { key: o[0], value: o[0] }, o[1]); }));
  }

  function problemList(title, className, list) {
    if (!list || list.length === 0) return null;
    return h('section', { className: className, 'aria-label': title },
      h('h3', null, title + ' (' + list.length + ')'),
      h('ul', null, list.map(function (p, i) {
        return h('li', { key: i },
          h('code', { className: 'rout-code' }, p.code),
          p.field ? h('code', { className: 'rout-path' }, p.field.join('.')) : null,
          h('span', null, p.message));
      })));
  }

  // Preview shows the map's SVG, fetched with the Headers tab's headers (a private map's preview needs
  // them, which an <img src> cannot send) and shown from a blob: URL.
  function Preview(props) {
    var state = React.useState({});
    var shown = state[0];
    var setShown = state[1];
    React.useEffect(function () {
      var url = null;
      var live = true;
      fetch(props.src, { headers: props.headers })
        .then(function (res) {
          if (!res.ok) throw new Error('the preview answered ' + res.status);
          return res.blob();
        })
        .then(function (blob) {
          if (!live) return;
          url = URL.createObjectURL(blob);
          setShown({ url: url });
        })
        .catch(function (e) { if (live) setShown({ error: e.message }); });
      return function () {
        live = false;
        if (url) URL.revokeObjectURL(url);
      };
    }, [props.src]);
    if (shown.error) return h('p', { role: 'alert' }, 'No preview: ' + shown.error);
    if (!shown.url) return h('p', null, 'Loading the preview…');
    return h('a', { href: props.src, target: '_blank', rel: 'noopener' },
      h('img', { className: 'rout-preview', src: shown.url, alt: 'Preview of ' + props.name }));
  }

  function UploadPanel() {
    var editors = GraphiQL.React.useEditorContext({ nonNull: true });
    var st = React.useState({
      mode: 'upload', key: '', visibility: 'PUBLIC', format: 'DOMINATION', oneWay: 'REFUSE', id: '', name: ''
    });
    var form = st[0];
    var setForm = st[1];
    var rs = React.useState(null);
    var result = rs[0];
    var setResult = rs[1];
    var bs = React.useState(false);
    var busy = bs[0];
    var setBusy = bs[1];
    var fileInput = React.useRef(null);
    function set(k) {
      return function (v) {
        setForm(function (f) { var n = Object.assign({}, f); n[k] = v; return n; });
      };
    }
    var mode = modes[form.mode];

    function submit(e) {
      e.preventDefault();
      var file = fileInput.current && fileInput.current.files[0];
      if (!file) {
        setResult({ failure: 'Choose a file first.' });
        return;
      }
      var hdrs;
      try {
        hdrs = headers(editors.headerEditor);
      } catch (err) {
        setResult({ failure: err.message });
        return;
      }
      var input = { file: null };
      if (form.visibility) input.visibility = form.visibility;
      if (form.mode === 'publish') input.key = form.key.trim();
      if (form.mode === 'import') {
        input.format = form.format;
        input.oneWayBorders = form.oneWay;
        if (form.id.trim()) input.id = form.id.trim();
        if (form.name.trim()) input.name = form.name.trim();
      }
      var body = new FormData();
      body.append('operations', JSON.stringify({
        query: 'mutation Rout' + form.mode[0].toUpperCase() + form.mode.slice(1) + '($input: ' + mode.input + '!) { ' +
          mode.field + '(input: $input) ' + payload + ' }',
        variables: { input: input }
      }));
      body.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
      body.append('0', file, file.name);
      setBusy(true);
      setResult(null);
      fetch(endpoint.href, { method: 'POST', headers: hdrs, body: body })
        .then(function (res) {
          return res.text().then(function (text) {
            var json = null;
            try { json = JSON.parse(text); } catch (err) { /* shown below as the status */ }
            if (!json) throw new Error('the server answered ' + res.status + ' without a GraphQL answer');
            var data = json.data && json.data[mode.field];
            setResult({
              headers: hdrs,
              errors: (json.errors || []).map(function (x) {
                return { code: (x.extensions && x.extensions.code) || 'ERROR', field: x.path, message: x.message };
              }),
              payload: data
            });
          });
        })
        .catch(function (err) { setResult({ failure: 'The upload failed: ' + err.message }); })
        .then(function () { setBusy(false); });
    }

    var vis = [['PUBLIC', 'Public'], ['UNLISTED', 'Unlisted'], ['PRIVATE', 'Private']];
    if (form.mode === 'publish') vis = [['', 'Unchanged']].concat(vis);
    var fields = [
      field('rout-mode', 'Mutation', select('rout-mode', form.mode, function (v) {
        setForm(function (f) {
          var n = Object.assign({}, f, { mode: v });
          if (v === 'publish' && n.visibility === 'PUBLIC') n.visibility = '';
          if (v !== 'publish' && !n.visibility) n.visibility = 'PUBLIC';
          return n;
        });
      }, Object.keys(modes).map(function (k) { return [k, modes[k].label + ' (' + modes[k].field + ')']; })))
    ];
    if (form.mode === 'publish') {
      fields.push(field('rout-key', 'Map key', h('input', {
        id: 'rout-key', required: true, value: form.key, 'aria-describedby': 'rout-key-hint',
        onChange: function (e) { set('key')(e.target.value); }
      }), 'One of your maps; the file has the same id and a higher version.'));
    }
    if (form.mode === 'import') {
      fields.push(field('rout-format', 'Format', select('rout-format', form.format, set('format'),
        [['DOMINATION', 'Domination (.map)'], ['CONQUER_CLUB', 'Conquer Club (.xml)']])));
      fields.push(field('rout-oneway', 'One-way borders', select('rout-oneway', form.oneWay, set('oneWay'),
        [['REFUSE', 'Refuse the file'], ['TWO_WAY', 'Make them two-way'], ['DROP', 'Leave them out']])));
      fields.push(field('rout-id', 'Map key (optional)', h('input', {
        id: 'rout-id', value: form.id, 'aria-describedby': 'rout-id-hint',
        onChange: function (e) { set('id')(e.target.value); }
      }), 'Made from the map\'s name when empty.'));
      fields.push(field('rout-name', 'Name (optional)', h('input', {
        id: 'rout-name', value: form.name, onChange: function (e) { set('name')(e.target.value); }
      })));
    }
    fields.push(field('rout-visibility', 'Visibility', select('rout-visibility', form.visibility, set('visibility'), vis)));
    fields.push(field('rout-file', 'Map file', h('input', {
      id: 'rout-file', type: 'file', ref: fileInput, required: true, 'aria-describedby': 'rout-file-hint',
      accept: form.mode === 'import' ? (form.format === 'DOMINATION' ? '.map,text/plain' : '.xml,text/xml,application/xml') : '.json,application/json'
    }), form.mode === 'import' ? 'At most 16 MiB.' : 'A Rout map file (docs/maps.md), at most 16 MiB.'));

    var answer = null;
    if (result && result.failure) {
      answer = h('p', { role: 'alert', className: 'rout-failure' }, result.failure);
    } else if (result) {
      var p = result.payload;
      var errs = result.errors.concat(p ? p.userErrors : []);
      answer = h('div', null,
        problemList('Problems', 'rout-problems', errs),
        p ? problemList('Warnings', 'rout-warnings', p.warnings) : null,
        p && p.map ? h('section', { className: 'rout-stored', 'aria-label': 'Stored map' },
          h('h3', null, 'Stored: ', h('code', null, p.map.key), ' version ', p.map.version),
          h(Preview, { src: p.map.previewUrl, headers: result.headers, name: p.map.name }),
          h('button', {
            type: 'button', className: 'graphiql-button',
            onClick: function () { editors.queryEditor.setValue(gameSnippet(p.map)); }
          }, 'Start a game on this map'),
          h('p', { className: 'rout-hint' }, 'Puts createGame and startGame mutations on this map in the editor.')) : null);
    }

    return h('div', { className: 'rout-upload' },
      h('div', { className: 'graphiql-doc-explorer-title' }, 'Upload a map'),
      h('p', { className: 'rout-hint' }, 'Sends the file with the Headers tab\'s headers: sign in first and put ',
        h('code', null, '{"Authorization": "Bearer rout_s_..."}'), ' there.'),
      h('form', { onSubmit: submit, 'aria-label': 'Upload a map' },
        fields,
        h('button', { type: 'submit', className: 'graphiql-button', disabled: busy }, busy ? 'Sending…' : 'Send')),
      h('div', { 'aria-live': 'polite', className: 'rout-answer' }, answer));
  }

  function UploadIcon(props) {
    return h('svg', Object.assign({ viewBox: '0 0 24 24', width: 24, height: 24, fill: 'none', stroke: 'currentColor',
      strokeWidth: 1.5, strokeLinecap: 'round', strokeLinejoin: 'round' }, props),
      h('path', { d: 'M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3' }));
  }

  ReactDOM.createRoot(root).render(
    h(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: defaultQuery,
      defaultEditorToolsVisibility: 'headers',
      shouldPersistHeaders: false,
      plugins: [{ title: 'Upload a map', icon: UploadIcon, content: UploadPanel }]
    })
  );
})();
