// The Channels view: make a channel of several agents, talk in it, and watch the agents answer
// each other (at most the channel's turn limit after each person's message). Its own WebSocket
// joins the channel without an agent, so it gets every message of it, agents' included.

const $ = (selector) => document.querySelector(selector);
const CHANNELS_KEY = 'kith.channels';

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function knownChannels() {
  try {
    return JSON.parse(localStorage.getItem(CHANNELS_KEY) || '[]');
  } catch {
    return [];
  }
}

function rememberChannel(channel) {
  const list = knownChannels().filter((known) => known.id !== channel.id);
  list.unshift({ id: channel.id, name: channel.name });
  localStorage.setItem(CHANNELS_KEY, JSON.stringify(list.slice(0, 50)));
}

const time = (ms) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * `ctx` gives `request(method, path, body)` (REST with the API key), `userName()`, `apiKey()`,
 * `uuid()` and `report(error)`.
 */
export function initChannels(ctx) {
  const ui = {
    form: $('#channel-form'),
    name: $('#channel-name'),
    agents: $('#channel-agents'),
    list: $('#channel-list'),
    title: $('#channel-title'),
    members: $('#channel-members'),
    messages: $('#channel-messages'),
    composer: $('#channel-composer'),
    text: $('#channel-text'),
    send: $('#channel-send'),
    status: $('#channel-status'),
  };
  const state = { channel: null, socket: null, seen: new Set(), agentNames: new Map() };

  function setStatus(text, isError = false) {
    ui.status.textContent = text;
    ui.status.classList.toggle('error', isError);
  }

  function fillList() {
    ui.list.replaceChildren(el('option', '', 'Open a channel…'));
    ui.list.firstChild.value = '';
    for (const channel of knownChannels()) {
      const option = el('option', '', channel.name);
      option.value = channel.id;
      if (state.channel?.id === channel.id) option.selected = true;
      ui.list.append(option);
    }
  }

  async function loadAgents() {
    const { agents } = await ctx.request('GET', '/api/agents');
    // Built whole, then swapped in: two loads at once must not list the agents twice.
    const boxes = agents.map((agent) => {
      state.agentNames.set(agent.id, agent.name);
      const label = el('label', 'check');
      const box = el('input');
      box.type = 'checkbox';
      box.value = agent.id;
      box.checked = true;
      label.append(box, ` ${agent.name}`);
      return label;
    });
    ui.agents.replaceChildren(el('legend', '', 'Agents'), ...boxes);
  }

  function addMessage(message) {
    if (state.seen.has(message.id)) return;
    state.seen.add(message.id);
    const agent = message.authorKind === 'agent' || message.fromAgent === true;
    const item = el('li', `msg ${agent ? 'agent' : 'user'}`);
    const who = el('div', 'who', `${message.authorName || message.userName || 'someone'}${agent ? ' (agent)' : ''}`);
    who.append(el('time', 'when', ` ${time(message.createdAt)}`));
    item.append(who, el('div', 'text', message.text));
    ui.messages.append(item);
    ui.messages.scrollTop = ui.messages.scrollHeight;
  }

  async function loadLog(channelId) {
    let cursor = '';
    for (;;) {
      const page = await ctx.request('GET', `/api/channels/${channelId}/messages?limit=200${cursor}`);
      for (const message of page.messages) addMessage(message);
      if (!page.nextCursor) return;
      cursor = `&cursor=${page.nextCursor}`;
    }
  }

  function watch(channelId) {
    state.socket?.close();
    const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = ctx.apiKey() ? `?apiKey=${encodeURIComponent(ctx.apiKey())}` : '';
    const socket = new WebSocket(`${protocol}://${location.host}/ws${query}`);
    state.socket = socket;
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'join', channelId })));
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data);
      if (state.socket !== socket || frame.channelId !== channelId) return;
      if (frame.type === 'user_message') {
        addMessage({ ...frame, authorName: frame.userName || state.agentNames.get(frame.entityId) });
      } else if (frame.type === 'error') setStatus(frame.error.message, true);
    });
  }

  async function open(channelId) {
    if (!channelId) return;
    const channel = await ctx.request('GET', `/api/channels/${channelId}`);
    state.channel = channel;
    state.seen.clear();
    rememberChannel(channel);
    fillList();
    ui.title.textContent = channel.name;
    ui.members.textContent = `Agents: ${channel.agentIds.map((id) => state.agentNames.get(id) || id.slice(0, 8)).join(', ')} · at most ${channel.maxAgentTurns} agent messages after each of yours`;
    ui.messages.replaceChildren();
    ui.send.disabled = false;
    await loadLog(channel.id);
    watch(channel.id);
    setStatus(ui.messages.children.length ? '' : 'Say something: every agent of the channel hears it.');
  }

  ui.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const agentIds = [...ui.agents.querySelectorAll('input:checked')].map((box) => box.value);
    if (agentIds.length === 0) return setStatus('Choose at least one agent.', true);
    try {
      const name = ui.name.value.trim();
      const { channel } = await ctx.request('POST', '/api/channels', { agentIds, ...(name ? { name } : {}) });
      ui.name.value = '';
      await open(channel.id);
    } catch (error) {
      setStatus(error.message, true);
    }
  });

  ui.list.addEventListener('change', () => open(ui.list.value).catch(ctx.report));

  async function post() {
    const text = ui.text.value.trim();
    if (!text || !state.channel) return;
    ui.text.value = '';
    const id = ctx.uuid();
    addMessage({ id, authorName: ctx.userName(), authorKind: 'person', text, createdAt: Date.now() });
    try {
      await ctx.request('POST', `/api/channels/${state.channel.id}/messages`, { id, text, userName: ctx.userName() });
      setStatus('');
    } catch (error) {
      setStatus(error.message, true);
    }
  }

  ui.composer.addEventListener('submit', (event) => {
    event.preventDefault();
    void post();
  });
  ui.text.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void post();
    }
  });

  return {
    open,
    async load() {
      await loadAgents();
      fillList();
      if (!state.channel && knownChannels()[0]) await open(knownChannels()[0].id).catch(() => undefined);
    },
  };
}
