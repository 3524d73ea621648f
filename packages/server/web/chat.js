// Kith web chat: plain ES module, no build step. Talks to @kith/server's REST API
// (agents, room history, runs) and its WebSocket (/ws) for live replies. The Runs,
// Memories and Usage views live in views.js.

import { initAgents } from './agents.js';
import { initChannels } from './channels.js';
import { initAuth } from './session.js';
import { fmtUsd, initViews } from './views.js';

const $ = (selector) => document.querySelector(selector);
const ui = {
  agent: $('#agent'),
  userName: $('#user-name'),
  keyButton: $('#key-button'),
  keyForm: $('#key-form'),
  key: $('#key'),
  connection: $('#connection'),
  messages: $('#messages'),
  status: $('#status'),
  composer: $('#composer'),
  text: $('#text'),
  send: $('#send'),
};

// ---- storage: who this browser is, and its room with each agent ----

const KEYS = {
  entity: 'kith.entityId',
  rooms: 'kith.rooms',
  apiKey: 'kith.apiKey',
  userName: 'kith.userName',
  agent: 'kith.agentId',
};

// crypto.randomUUID exists only in secure contexts; a LAN address over http is not one.
function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function entityId() {
  if (auth.isSession()) return auth.session().userId;
  let id = localStorage.getItem(KEYS.entity);
  if (!id) localStorage.setItem(KEYS.entity, (id = uuid()));
  return id;
}

// A session's rooms are its user's: kept apart from the key holder's and from an earlier session's.
const roomsKey = () => (auth.isSession() ? `${KEYS.rooms}.${auth.session().userId}` : KEYS.rooms);
const knownRooms = () => JSON.parse(localStorage.getItem(roomsKey()) || '{}');

function rememberRoom(agentId, roomId) {
  const rooms = knownRooms();
  rooms[agentId] = roomId;
  localStorage.setItem(roomsKey(), JSON.stringify(rooms));
  return roomId;
}

/**
 * This browser's room with the agent; for the key holder in a browser that has none, the newest
 * conversation of a person with the name given (history lives in the database, not the browser),
 * else a new room.
 */
async function roomFor(agentId) {
  const known = knownRooms()[agentId];
  if (known) return known;
  const name = ui.userName.value.trim();
  if (name && !auth.isSession()) {
    const { conversations } = await api(`/api/agents/${agentId}/conversations?limit=100`);
    const mine = conversations.find(
      (c) => c.type !== 'SELF' && c.participants.some((p) => p.id !== agentId && p.name === name),
    );
    if (mine) return rememberRoom(agentId, mine.roomId);
  }
  return rememberRoom(agentId, uuid());
}

const apiKey = () => localStorage.getItem(KEYS.apiKey) || '';
const auth = initAuth({ apiKey });
const userName = () => auth.session()?.userName || ui.userName.value.trim() || 'guest';

// ---- REST ----

class HttpError extends Error {
  constructor(status, body) {
    super(body?.error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error?.code;
    this.path = body?.error?.path;
  }
}

async function api(path) {
  return request('GET', path);
}

async function request(method, path, body) {
  const headers = auth.headers();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const parsed = await response.json().catch(() => null);
  if (!response.ok) throw new HttpError(response.status, parsed);
  return parsed;
}

// ---- state ----

const state = {
  agentId: '',
  agentName: '',
  roomId: '',
  socket: null,
  retryMs: 500,
  /** The pending reconnection after a drop, cancelled when a new socket is opened on purpose. */
  retryTimer: undefined,
  /** messageId → { thinking, stream, replies: [] } for turns in flight. */
  turns: new Map(),
  /** run lookups by the agent's memory id of the user message, filled on demand. */
  runsByMessage: null,
};

function setStatus(text, isError = false) {
  ui.status.textContent = text;
  ui.status.classList.toggle('error', isError);
}

function setConnection(stateName, text) {
  ui.connection.dataset.state = stateName;
  ui.connection.textContent = text;
  ui.send.disabled = stateName !== 'open' || !state.agentId;
}

function scrollDown() {
  ui.messages.scrollTop = ui.messages.scrollHeight;
}

// ---- rendering ----

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** When a bubble was said, shown beside its author. */
function saidAt(at = Date.now()) {
  const time = el('time', 'at', new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  time.dateTime = new Date(at).toISOString();
  time.title = new Date(at).toLocaleString();
  return time;
}

function addUserMessage(text, name, at) {
  const node = el('div', 'msg user');
  node.append(saidAt(at), el('div', 'who', name || 'you'), el('div', 'text', text));
  ui.messages.append(node);
  scrollDown();
  return node;
}

/** An agent bubble; `info` holds what the details panel shows: content, runId, inReplyTo. */
function addAgentMessage(text, info = {}, at) {
  const node = el('div', 'msg agent');
  const body = el('div', 'text', text);
  const details = el('details', 'about');
  details.append(el('summary', '', 'details'));
  details.addEventListener('toggle', () => {
    if (details.open) void renderDetails(node);
  });
  node.append(saidAt(at), el('div', 'who', state.agentName || 'agent'), body, details);
  node.info = info;
  ui.messages.append(node);
  scrollDown();
  return node;
}

function setAgentMessage(node, text, info) {
  node.querySelector('.text').textContent = text;
  node.classList.remove('thinking', 'streaming');
  node.info = { ...node.info, ...info };
}

async function renderDetails(node) {
  const details = node.querySelector('details');
  details.querySelectorAll(':scope > :not(summary)').forEach((child) => child.remove());
  const { content = {}, runId, inReplyTo, error } = node.info || {};
  const dl = el('dl');
  const row = (term, value) => dl.append(el('dt', '', term), el('dd', '', value));
  row('thought', content.thought || '(none)');
  row('actions', (content.actions || []).join(', ') || '(none)');
  if (error) row('error', error);
  details.append(dl);

  if (auth.isSession()) return; // runs are for the admin key
  const timeline = el('div', 'timeline', 'loading the run…');
  details.append(timeline);
  try {
    const id = runId || (await findRunId(inReplyTo));
    if (!id) {
      timeline.textContent = 'No run recorded for this reply.';
      return;
    }
    node.info.runId = id;
    renderRun(timeline, await api(`/api/agents/${state.agentId}/runs/${id}`));
  } catch (failure) {
    timeline.textContent = `Could not load the run: ${failure.message}`;
  }
}

/** A reply's inReplyTo here is the memory id of the user message it answers, which is a run's messageId. */
async function findRunId(messageMemoryId) {
  if (!messageMemoryId) return undefined;
  if (!state.runsByMessage?.has(messageMemoryId)) {
    const { runs } = await api(`/api/agents/${state.agentId}/runs?roomId=${state.roomId}&limit=200`);
    state.runsByMessage = new Map(runs.filter((run) => run.messageId).map((run) => [run.messageId, run.runId]));
  }
  return state.runsByMessage.get(messageMemoryId);
}

function renderRun(container, run) {
  container.replaceChildren();
  const { totals } = run;
  container.append(
    el(
      'p',
      'run-summary',
      `run ${run.status}` +
        (run.durationMs !== undefined ? ` in ${fmtMs(run.durationMs)}` : '') +
        ` · ${totals.modelCalls} model call${totals.modelCalls === 1 ? '' : 's'}` +
        (totals.tokens.total ? ` · ${totals.tokens.total} tokens` : '') +
        (totals.tokens.cached ? ` (${totals.tokens.cached} cached)` : '') +
        (totals.costUsd ? ` · ${fmtUsd(totals.costUsd)}` : ''),
    ),
  );
  if (!run.events?.length) {
    container.append(el('p', '', 'The timeline is not kept for this run (from the logs table).'));
    return;
  }
  const table = el('table');
  const head = el('tr');
  for (const title of ['+ms', 'step', 'name', 'took', 'detail']) head.append(el('th', '', title));
  table.append(head);
  for (const event of run.events) {
    const tr = el('tr', event.success === false ? 'failed' : '');
    const detail = [
      event.provider,
      event.model,
      event.tokens
        ? `${event.tokens.prompt}+${event.tokens.completion} tokens${event.tokens.cached ? ` (${event.tokens.cached} cached)` : ''}`
        : '',
      event.costUsd !== undefined ? fmtUsd(event.costUsd) : '',
      event.overBudget ? 'over budget: offline model' : '',
      event.promptChars !== undefined ? `${event.promptChars} prompt chars` : '',
      event.error,
    ]
      .filter(Boolean)
      .join(' · ');
    for (const cell of [
      fmtMs(event.offsetMs),
      event.type,
      event.name || '',
      event.durationMs !== undefined ? fmtMs(event.durationMs) : '',
      detail,
    ]) {
      tr.append(el('td', '', cell));
    }
    table.append(tr);
  }
  container.append(table);
}

const fmtMs = (ms) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

// ---- history ----

async function loadHistory() {
  ui.messages.replaceChildren();
  state.turns.clear();
  state.runsByMessage = null;
  let memories = [];
  // A room the agent has not seen yet does not exist: asking for its memories would be a 404 on every fresh load.
  const { rooms } = await api(`/api/agents/${state.agentId}/rooms`);
  if (rooms.some((room) => room.id === state.roomId)) {
    ({ memories } = await api(`/api/agents/${state.agentId}/rooms/${state.roomId}/memories?limit=100`));
  }
  // content.inReplyTo is derived from the message id per agent (createUniqueUuid), not the memory id a
  // run records, so a reply is tied to the user message before it: one person per room on this page.
  let lastUserMemoryId;
  for (const memory of memories.reverse()) {
    const content = memory.content || {};
    if (memory.entityId === state.agentId) {
      if (!content.text && !content.thought) continue;
      addAgentMessage(content.text || '(no reply)', { content, inReplyTo: lastUserMemoryId }, memory.createdAt);
    } else if (content.text) {
      lastUserMemoryId = memory.id;
      const name = memory.entityId === entityId() ? userName() : memory.authorName || content.name || 'someone';
      addUserMessage(content.text, name, memory.createdAt);
    }
  }
  if (!memories.length) setStatus(`Say hello to ${state.agentName}.`);
}

// ---- WebSocket ----

// One socket at a time: a second one joined to the room would show every reply twice.
function connect() {
  clearTimeout(state.retryTimer);
  const previous = state.socket;
  state.socket = null;
  previous?.close();
  const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = auth.wsQuery();
  const socket = new WebSocket(`${protocol}://${location.host}/ws${query}`);
  state.socket = socket;
  setConnection('connecting', 'connecting…');
  socket.addEventListener('open', () => {
    if (state.socket !== socket) return;
    state.retryMs = 500;
    setConnection('open', 'connected');
    join();
  });
  socket.addEventListener('message', (event) => {
    if (state.socket === socket) onFrame(JSON.parse(event.data));
  });
  socket.addEventListener('close', () => {
    if (state.socket !== socket) return; // replaced on purpose (new key)
    setConnection('closed', 'disconnected, retrying…');
    state.retryTimer = setTimeout(connect, state.retryMs);
    state.retryMs = Math.min(state.retryMs * 2, 10_000);
  });
}

function sendFrame(frame) {
  if (state.socket?.readyState !== WebSocket.OPEN) throw new Error('not connected to the server');
  state.socket.send(JSON.stringify(frame));
}

function join() {
  if (state.agentId && state.socket?.readyState === WebSocket.OPEN) {
    sendFrame({ type: 'join', channelId: state.roomId, agentId: state.agentId, requestId: 'join' });
  }
}

function turnOf(messageId) {
  let turn = state.turns.get(messageId);
  if (!turn) state.turns.set(messageId, (turn = { node: null, replies: [] }));
  return turn;
}

function onFrame(frame) {
  if (frame.channelId && frame.channelId !== state.roomId) return;
  if (frame.agentId && frame.agentId !== state.agentId && frame.type !== 'joined') return;
  switch (frame.type) {
    case 'thinking': {
      const turn = turnOf(frame.messageId);
      if (frame.active && !turn.node) {
        turn.node = addAgentMessage('thinking…');
        turn.node.classList.add('thinking');
      } else if (!frame.active && turn.node?.classList.contains('thinking')) {
        turn.node.remove(); // no reply came (ignored, discarded or failed): done says why
        turn.node = null;
      }
      return;
    }
    case 'chunk': {
      const turn = turnOf(frame.messageId);
      if (!turn.node) turn.node = addAgentMessage('');
      if (turn.node.classList.contains('thinking')) {
        turn.node.classList.replace('thinking', 'streaming');
        turn.node.querySelector('.text').textContent = '';
      }
      turn.node.classList.add('streaming');
      turn.node.querySelector('.text').textContent += frame.chunk;
      scrollDown();
      return;
    }
    case 'reply': {
      const turn = turnOf(frame.messageId);
      const text = frame.content.text || '';
      // The first reply replaces the thinking/streamed bubble; later ones (several actions) get their own.
      const node = turn.node && !turn.replies.length ? turn.node : addAgentMessage(text);
      setAgentMessage(node, text, { content: frame.content });
      turn.node = node;
      turn.replies.push(node);
      scrollDown();
      return;
    }
    case 'done': {
      const turn = turnOf(frame.messageId);
      for (const node of turn.replies) node.info = { ...node.info, runId: frame.runId, inReplyTo: frame.memoryId };
      if (frame.mode === 'error')
        setStatus(`${state.agentName} failed to answer: ${frame.error || 'unknown error'}`, true);
      else if (frame.mode === 'ignored') setStatus(`${state.agentName} chose not to answer.`);
      else if (!frame.duplicate) setStatus('');
      state.turns.delete(frame.messageId);
      return;
    }
    case 'user_message':
      addUserMessage(frame.text, frame.entityId === entityId() ? userName() : frame.userName || 'someone');
      return;
    case 'control':
      // The agent asks to pause input (elizaOS's sendControlMessage), e.g. while it works on something long.
      ui.text.disabled = frame.action === 'disable_input';
      return;
    case 'cleared':
      ui.messages.replaceChildren();
      setStatus('The conversation was cleared.');
      return;
    case 'error':
      // A session joins only rooms it has spoken in: its first message opens a new one.
      if (frame.requestId === 'join' && frame.error.code === 'KITH_RESOURCE_NOT_FOUND' && auth.isSession()) return;
      if (auth.isSession() && frame.error.code.startsWith('KITH_SESSION_')) {
        // The session ended (expired, or the server's secret changed): start over with a new one.
        auth.forget();
        setStatus('Your session ended; starting a new one.');
        loadAgents().catch(report);
        return;
      }
      setStatus(`${frame.error.code}: ${frame.error.message}`, true);
      return;
    default:
      return; // ready, joined, left, accepted, pong
  }
}

// ---- actions ----

async function loadAgents() {
  let agents;
  try {
    ({ agents } = await api('/api/agents'));
  } catch (failure) {
    if (failure.status === 401) {
      if (!apiKey()) {
        auth.forget();
        // A public server gives this visitor a session of their own instead.
        if (await auth.start(ui.userName.value.trim())) {
          showMode();
          connect();
          return loadAgents();
        }
      }
      showKeyForm(apiKey() ? 'That API key was refused.' : 'This server needs an API key.');
      return;
    }
    throw failure;
  }
  ui.keyForm.hidden = true;
  ui.agent.replaceChildren();
  if (!agents.length) {
    ui.agent.append(el('option', '', 'no agents'));
    setStatus('The server runs no agents.');
    return;
  }
  for (const agent of agents) {
    const option = el('option', '', agent.status === 'running' ? agent.name : `${agent.name} (stopped)`);
    option.value = agent.id;
    ui.agent.append(option);
  }
  const remembered = localStorage.getItem(KEYS.agent);
  if (agents.some((agent) => agent.id === remembered)) ui.agent.value = remembered;
  ui.agent.disabled = false;
  await selectAgent();
}

async function selectAgent() {
  const previous = state.roomId;
  state.agentId = ui.agent.value;
  state.agentName = ui.agent.selectedOptions[0]?.textContent || '';
  state.roomId = await roomFor(state.agentId);
  localStorage.setItem(KEYS.agent, state.agentId);
  if (previous && state.socket?.readyState === WebSocket.OPEN) sendFrame({ type: 'leave', channelId: previous });
  setStatus('');
  await loadHistory();
  join();
  setConnection(ui.connection.dataset.state, ui.connection.textContent);
  views.agentChanged();
}

function send() {
  const text = ui.text.value.trim();
  if (!text || !state.agentId) return;
  try {
    sendFrame({
      type: 'send',
      channelId: state.roomId,
      agentId: state.agentId,
      id: uuid(),
      text,
      entityId: entityId(),
      userName: userName(),
    });
  } catch (failure) {
    setStatus(`Not sent: ${failure.message}`, true);
    return;
  }
  addUserMessage(text, userName());
  ui.text.value = '';
  setStatus('');
}

function showKeyForm(message) {
  ui.keyForm.hidden = false;
  ui.keyForm.querySelector('p').textContent = `${message} It is kept in this browser only.`;
  ui.key.focus();
}

/** A session sees the chat only, under its own name; the admin views need the admin key. */
function showMode() {
  const session = auth.session();
  for (const button of document.querySelectorAll('#tabs button'))
    button.hidden = Boolean(session) && button.dataset.view !== 'chat';
  ui.userName.readOnly = Boolean(session);
  if (session) ui.userName.value = session.userName;
}

function report(failure) {
  setStatus(failure.message || String(failure), true);
}

const channels = initChannels({ request, userName, apiKey, uuid, report: (error) => report(error) });
const agentsView = initAgents({
  request,
  report,
  agentsChanged: () => loadAgents().catch(report),
  async openConversation(agentId, roomId, type) {
    // A channel of several agents opens in the Channels view (its room id is the channel's id).
    if (type === 'GROUP') {
      const opened = await channels.open(roomId).then(
        () => true,
        () => false,
      );
      if (opened) return views.show('channels');
    }
    rememberRoom(agentId, roomId);
    ui.agent.value = agentId;
    views.show('chat');
    selectAgent().catch(report);
  },
});
const views = initViews({
  api,
  agentId: () => state.agentId,
  roomId: () => state.roomId,
  report,
  channels,
  agents: agentsView,
});

ui.userName.value = localStorage.getItem(KEYS.userName) || '';
ui.userName.addEventListener('change', () => localStorage.setItem(KEYS.userName, ui.userName.value.trim()));
ui.agent.addEventListener('change', () => selectAgent().catch(report));
ui.composer.addEventListener('submit', (event) => {
  event.preventDefault();
  send();
});
ui.text.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    if (!ui.send.disabled) send();
  }
});
ui.keyButton.addEventListener('click', () => showKeyForm('Set the API key the server asks for.'));
ui.keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  localStorage.setItem(KEYS.apiKey, ui.key.value.trim());
  ui.key.value = '';
  showMode();
  connect(); // with the new key, in place of the old socket and any pending retry
  loadAgents().catch(report);
});

showMode();
connect();
loadAgents().catch(report);
