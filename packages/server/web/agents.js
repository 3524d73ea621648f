// The Agents view: the agents with status, model, plugins and source; a character editor for
// agents made here (the studio: POST/PATCH/DELETE /api/agents); each agent's conversations, opened
// in the chat. Plain ES module, no build step.

const $ = (selector) => document.querySelector(selector);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text, label, onClick) {
  const node = el('button', '', text);
  node.type = 'button';
  if (label) node.setAttribute('aria-label', label);
  node.addEventListener('click', onClick);
  return node;
}

const lines = (text) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const SOURCES = { file: 'character file', project: 'project', studio: 'studio' };
const FIELDS = ['name', 'bio', 'system', 'style', 'topics', 'messageExamples', 'plugins', 'settings', 'secrets'];
const when = (ms) => new Date(ms).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

/** `who: text` lines, a blank line between examples. */
function parseExamples(text) {
  return text
    .split(/\n\s*\n/)
    .map((block) =>
      lines(block).map((line) => {
        const colon = line.indexOf(':');
        return colon > 0
          ? { name: line.slice(0, colon).trim(), content: { text: line.slice(colon + 1).trim() } }
          : { name: '{{user}}', content: { text: line } };
      }),
    )
    .filter((example) => example.length);
}

function formatExamples(examples = []) {
  return examples.map((example) => example.map((m) => `${m.name}: ${m.content?.text ?? ''}`).join('\n')).join('\n\n');
}

/** `NAME=value` lines; numbers and true/false keep their type. */
function parseSettings(text) {
  const settings = {};
  for (const line of lines(text)) {
    const eq = line.indexOf('=');
    const name = (eq < 0 ? line : line.slice(0, eq)).trim();
    const raw = eq < 0 ? '' : line.slice(eq + 1).trim();
    settings[name] =
      raw === 'true' ? true : raw === 'false' ? false : raw !== '' && !isNaN(Number(raw)) ? Number(raw) : raw;
  }
  return settings;
}

const formatSettings = (settings = {}) =>
  Object.entries(settings)
    .filter(([, value]) => typeof value !== 'object')
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');

/**
 * `ctx` gives `request(method, path, body)`, `report(error)`, `openConversation(agentId, roomId, type)`
 * and `agentsChanged()` (the chat's agent list is read again).
 */
export function initAgents(ctx) {
  const ui = {
    list: $('#agents-list'),
    status: $('#agents-status'),
    form: $('#agent-editor'),
    title: $('#agent-editor-title'),
    note: $('#agent-editor-note'),
    save: $('#agent-save'),
    plugins: $('#agent-field-plugins'),
    secretsSet: $('#agent-secrets-set'),
    secretName: $('#agent-secret-name'),
    secretValue: $('#agent-secret-value'),
    conversations: $('#conversations'),
    conversationsTitle: $('#conversations-title'),
    conversationsList: $('#conversations-list'),
  };
  const field = (name) => $(`#agent-field-${name}`);
  const editing = { agentId: null, version: null, character: {}, secrets: [], removed: new Set() };
  let studio = { enabled: false, plugins: [] };

  function setStatus(text, isError = false) {
    ui.status.textContent = text;
    ui.status.classList.toggle('error', isError);
  }

  async function load() {
    const [{ agents }, info] = await Promise.all([
      ctx.request('GET', '/api/agents'),
      ctx.request('GET', '/api/studio'),
    ]);
    studio = info;
    $('#agent-new').disabled = !studio.enabled;
    $('#agent-new').title = studio.enabled ? '' : 'This server was started without an agent factory';
    ui.list.replaceChildren(...agents.map(agentItem));
    if (!agents.length) setStatus('No agents yet: make one with "New agent".');
  }

  function agentItem(agent) {
    const item = el('li', 'agent-item');
    item.dataset.agentId = agent.id;
    const head = el('div', 'agent-head');
    head.append(
      el('strong', 'agent-name', agent.name),
      el('span', `badge status-${agent.status}`, agent.status),
      el('span', 'badge', SOURCES[agent.source] || agent.source),
    );
    const facts = el(
      'p',
      'note',
      `model: ${agent.model || '–'} · plugins: ${agent.plugins.filter((p) => p !== 'bootstrap').join(', ') || '–'}`,
    );
    const buttons = el('div', 'agent-buttons');
    const running = agent.status === 'running';
    buttons.append(
      button('Conversations', `Conversations of ${agent.name}`, () => showConversations(agent).catch(ctx.report)),
      button(running ? 'Stop' : 'Start', `${running ? 'Stop' : 'Start'} ${agent.name}`, () =>
        act(() => ctx.request('POST', `/api/agents/${agent.id}/${running ? 'stop' : 'start'}`)),
      ),
      button('Edit', `Edit ${agent.name}`, () => openEditor(agent).catch(ctx.report)),
    );
    if (agent.source === 'studio') {
      buttons.append(
        button('Delete', `Delete ${agent.name}`, () => {
          if (!globalThis.confirm(`Delete ${agent.name}? Its memories are kept.`)) return;
          void act(() => ctx.request('DELETE', `/api/agents/${agent.id}`), `${agent.name} was deleted.`);
        }),
      );
    }
    item.append(head, facts, buttons);
    return item;
  }

  async function act(change, done = '') {
    try {
      await change();
      setStatus(done);
      await load();
      ctx.agentsChanged();
    } catch (failure) {
      setStatus(failure.message, true);
    }
  }

  // ---- the editor ----

  function clearErrors() {
    for (const name of [...FIELDS, 'form']) $(`#agent-error-${name}`).textContent = '';
    for (const name of FIELDS) field(name).removeAttribute('aria-invalid');
  }

  function showError(path, message) {
    // body.character.plugins[0] → plugins; anything else at the top of the form.
    const name = /^body\.character\.([A-Za-z]+)/.exec(path || '')?.[1];
    const target = FIELDS.includes(name) ? name : 'form';
    $(`#agent-error-${target}`).textContent = message;
    if (target !== 'form') {
      field(target).setAttribute('aria-invalid', 'true');
      field(target).focus?.();
    }
  }

  function fillPlugins(chosen) {
    ui.plugins.querySelectorAll('label').forEach((label) => label.remove());
    const names = [...new Set([...studio.plugins, ...chosen])];
    if (!names.length) ui.plugins.append(el('label', 'note', 'No plugin packages are installed.'));
    for (const name of names) {
      const label = el('label', 'check');
      const box = el('input');
      box.type = 'checkbox';
      box.value = name;
      box.checked = chosen.includes(name);
      label.append(box, ` ${name}`);
      ui.plugins.append(label);
    }
  }

  function fillSecrets() {
    ui.secretsSet.replaceChildren(
      ...editing.secrets.map((name) => {
        const item = el('li', '', name);
        const gone = editing.removed.has(name);
        item.classList.toggle('removed', gone);
        item.append(
          button(gone ? 'Keep' : 'Remove', `${gone ? 'Keep' : 'Remove'} secret ${name}`, () => {
            if (gone) editing.removed.delete(name);
            else editing.removed.add(name);
            fillSecrets();
          }),
        );
        return item;
      }),
    );
  }

  async function openEditor(agent) {
    clearErrors();
    ui.form.hidden = false;
    ui.conversations.hidden = true;
    editing.agentId = agent?.id ?? null;
    editing.removed = new Set();
    let character = {};
    let editable = studio.enabled;
    ui.note.textContent = '';
    if (agent) {
      const view = await ctx.request('GET', `/api/agents/${agent.id}/character`);
      character = view.character;
      editing.version = view.version ?? null;
      editing.secrets = view.secrets;
      editable = view.editable;
      ui.note.textContent = view.editable ? `Version ${view.version}.` : view.reason;
    } else {
      editing.version = null;
      editing.secrets = [];
    }
    editing.character = character;
    ui.title.textContent = agent ? `${editable ? 'Edit' : 'View'} ${agent.name}` : 'New agent';
    field('name').value = character.name ?? '';
    field('bio').value = (Array.isArray(character.bio) ? character.bio : character.bio ? [character.bio] : []).join(
      '\n',
    );
    field('system').value = character.system ?? '';
    field('style').value = (character.style?.all ?? []).join('\n');
    field('topics').value = (character.topics ?? []).join(', ');
    field('messageExamples').value = formatExamples(character.messageExamples);
    field('settings').value = formatSettings(character.settings);
    fillPlugins(character.plugins ?? []);
    fillSecrets();
    ui.secretName.value = '';
    ui.secretValue.value = '';
    for (const control of ui.form.querySelectorAll('input, textarea')) control.disabled = !editable;
    ui.save.disabled = !editable;
    field('name').focus();
  }

  function characterFromForm() {
    const before = editing.character;
    const settings = parseSettings(field('settings').value);
    // A setting taken out of the list is removed (settings merge by name on the server).
    // Only settings the field showed (objects are not shown, so they are kept as they are).
    for (const [name, value] of Object.entries(before.settings ?? {}))
      if (typeof value !== 'object' && !(name in settings)) settings[name] = null;
    const secrets = {};
    for (const name of editing.removed) secrets[name] = null;
    const secretName = ui.secretName.value.trim();
    if (secretName) secrets[secretName] = ui.secretValue.value;
    const system = field('system').value.trim();
    return {
      name: field('name').value.trim(),
      bio: lines(field('bio').value),
      system: system || null,
      style: { ...(before.style ?? {}), all: lines(field('style').value) },
      topics: field('topics')
        .value.split(',')
        .map((topic) => topic.trim())
        .filter(Boolean),
      messageExamples: parseExamples(field('messageExamples').value),
      plugins: [...ui.plugins.querySelectorAll('input:checked')].map((box) => box.value),
      settings,
      secrets,
    };
  }

  async function save() {
    clearErrors();
    const character = characterFromForm();
    if (!character.name) {
      showError('body.character.name', 'A name is required.');
      return;
    }
    if (!editing.agentId) {
      // Nulls mean "remove" on an edit; a new character has nothing to remove.
      if (character.system === null) delete character.system;
      for (const key of ['settings', 'secrets'])
        for (const [name, value] of Object.entries(character[key])) if (value === null) delete character[key][name];
    }
    ui.save.disabled = true;
    try {
      const saved = editing.agentId
        ? await ctx.request('PATCH', `/api/agents/${editing.agentId}`, { character, version: editing.version })
        : await ctx.request('POST', '/api/agents', { character });
      ui.form.hidden = true;
      setStatus(`${saved.agent.name} was saved (version ${saved.version}).`);
      await load();
      ctx.agentsChanged();
    } catch (failure) {
      showError(failure.path, failure.message);
    } finally {
      ui.save.disabled = false;
    }
  }

  // ---- conversations ----

  async function showConversations(agent) {
    ui.form.hidden = true;
    ui.conversations.hidden = false;
    ui.conversationsTitle.textContent = `Conversations of ${agent.name}`;
    const { conversations } = await ctx.request('GET', `/api/agents/${agent.id}/conversations`);
    const people = conversations.filter((c) => c.type !== 'SELF');
    if (!people.length) {
      ui.conversationsList.replaceChildren(el('li', 'note', 'No conversations yet.'));
      return;
    }
    ui.conversationsList.replaceChildren(
      ...people.map((conversation) => {
        const others = conversation.participants.filter((p) => p.id !== agent.id).map((p) => p.name || 'someone');
        const item = el('li', 'conversation');
        const open = button(
          others.join(', ') || conversation.name || 'conversation',
          `Open the conversation with ${others.join(', ') || conversation.name || 'nobody'}`,
          () => ctx.openConversation(agent.id, conversation.roomId, conversation.type).catch(ctx.report),
        );
        const last = conversation.lastMessage;
        item.append(
          open,
          el('span', 'note', last ? `${last.authorName || 'someone'}: ${last.text || '(no text)'}` : '(no messages)'),
          el('time', 'note', when(conversation.at)),
        );
        return item;
      }),
    );
  }

  $('#agent-new').addEventListener('click', () => openEditor(null).catch(ctx.report));
  $('#agent-cancel').addEventListener('click', () => {
    ui.form.hidden = true;
  });
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void save();
  });

  return { load };
}
