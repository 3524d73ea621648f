// Kith web page views besides the chat: Runs, Memories and Usage. Plain ES module, no build step.
// Everything is read from @kith/server's REST API through `api` (which adds the API key).

const $ = (selector) => document.querySelector(selector);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

const integer = new Intl.NumberFormat('en-US');
const fmtInt = (n) => integer.format(n ?? 0);
const fmtMs = (ms) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
export const fmtUsd = (usd) =>
  usd === undefined || usd === null ? '–' : `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
const fmtTime = (ms) => new Date(ms).toLocaleString();
const shortId = (id) => (id ? id.slice(0, 8) : '–');

function table(headers, rows, numeric = []) {
  const node = el('table', 'grid');
  const head = el('tr');
  headers.forEach((title, i) => head.append(el('th', numeric.includes(i) ? 'num' : '', title)));
  node.append(head);
  for (const cells of rows) {
    const tr = el('tr');
    cells.forEach((cell, i) => tr.append(el('td', numeric.includes(i) ? 'num' : '', cell)));
    node.append(tr);
  }
  return node;
}

/**
 * Sets up the views. `ctx` gives `api(path)`, `agentId()`, `roomId()` (this browser's room with the
 * agent) and `report(error)`.
 */
export function initViews(ctx) {
  const views = ['chat', 'agents', 'runs', 'memories', 'usage', 'channels'];
  let current = 'chat';
  const loaders = {
    agents: () => ctx.agents.load(),
    runs: loadRuns,
    memories: loadMemories,
    usage: loadUsage,
    channels: () => ctx.channels.load(),
  };

  function show(name) {
    current = name;
    for (const view of views) {
      $(`#view-${view}`).hidden = view !== name;
      $(`#tabs [data-view="${view}"]`).setAttribute('aria-selected', String(view === name));
    }
    if (loaders[name]) loaders[name]().catch(ctx.report);
  }

  for (const button of document.querySelectorAll('#tabs button'))
    button.addEventListener('click', () => show(button.dataset.view));

  // ---- Runs ----

  async function loadRuns() {
    const list = $('#runs-list');
    const { runs } = await ctx.api(`/api/agents/${ctx.agentId()}/runs?limit=50`);
    list.replaceChildren();
    const head = el('tr');
    const numeric = [3, 4, 5, 6, 7];
    ['started', 'room', 'status', 'took', 'model calls', 'tokens in / out', 'cached', 'cost'].forEach((title, i) =>
      head.append(el('th', numeric.includes(i) ? 'num' : '', title)),
    );
    list.append(head);
    if (!runs.length) {
      $('#run-detail').replaceChildren(el('p', 'note', 'No runs yet: send the agent a message.'));
      return;
    }
    for (const run of runs) {
      const t = run.totals;
      const tr = el('tr', `pick${run.status === 'error' || run.status === 'timeout' ? ' failed' : ''}`);
      tr.dataset.runId = run.runId;
      const cells = [
        fmtTime(run.startedAt),
        shortId(run.roomId),
        run.status,
        run.durationMs !== undefined ? fmtMs(run.durationMs) : '–',
        String(t.modelCalls),
        `${fmtInt(t.tokens.prompt)} / ${fmtInt(t.tokens.completion)}`,
        fmtInt(t.tokens.cached),
        fmtUsd(t.costUsd),
      ];
      cells.forEach((cell, i) => tr.append(el('td', numeric.includes(i) ? 'num' : '', cell)));
      tr.addEventListener('click', () => {
        list.querySelectorAll('tr.chosen').forEach((row) => row.classList.remove('chosen'));
        tr.classList.add('chosen');
        showRun(run.runId).catch(ctx.report);
      });
      list.append(tr);
    }
  }

  async function showRun(runId) {
    const detail = $('#run-detail');
    detail.replaceChildren(el('p', 'note', 'loading the run…'));
    const run = await ctx.api(`/api/agents/${ctx.agentId()}/runs/${runId}`);
    const t = run.totals;
    const parts = [
      el(
        'h3',
        '',
        `Run ${shortId(run.runId)}: ${run.status}${run.durationMs !== undefined ? ` in ${fmtMs(run.durationMs)}` : ''}`,
      ),
      el(
        'p',
        'run-summary',
        `${t.modelCalls} model call${t.modelCalls === 1 ? '' : 's'} (${fmtMs(t.modelMs)}) · ${fmtInt(t.tokens.prompt)} input tokens, ${fmtInt(t.tokens.cached)} of them cached · ` +
          `${fmtInt(t.tokens.completion)} output tokens · ${fmtUsd(t.costUsd)}` +
          (t.actions.length ? ` · actions: ${t.actions.join(', ')}` : ''),
      ),
    ];
    if (run.error) parts.push(el('p', 'note warn', run.error));
    if (run.source === 'log' || !run.events.length) {
      parts.push(
        el(
          'p',
          'note',
          'This run was read back from the logs table: its totals are kept, its timeline is not (the server keeps timelines of its recent runs).',
        ),
      );
      detail.replaceChildren(...parts);
      return;
    }
    parts.push(el('h3', '', 'Timeline'), timeline(run));
    const calls = run.events.filter((event) => event.type === 'MODEL_USED');
    parts.push(el('h3', '', 'Model calls'), callsTable(calls));
    const stored = calls.some((call) => call.prompt !== undefined);
    parts.push(
      el(
        'p',
        'note',
        stored
          ? 'Prompts and raw responses are kept because LOG_PROMPTS_TO_DB=true (each cut at 50,000 characters).'
          : 'Prompts and raw responses are not stored: only their sizes are. Set LOG_PROMPTS_TO_DB=true to keep them whole.',
      ),
    );
    for (const [index, call] of calls.entries()) {
      if (call.prompt === undefined && call.response === undefined) continue;
      const box = el('details', 'calls');
      box.append(
        el(
          'summary',
          '',
          `Call ${index + 1}: ${call.name}${call.model ? ` (${call.model})` : ''}: prompt and response`,
        ),
      );
      box.append(
        el('h3', '', `Prompt (${fmtInt(call.prompt?.length ?? 0)} characters)`),
        el('pre', 'prompt', call.prompt ?? ''),
      );
      box.append(el('h3', '', 'Raw response'), el('pre', 'response', call.response ?? '(none: the call failed)'));
      parts.push(box);
    }
    detail.replaceChildren(...parts);
  }

  /** Providers and model calls as bars on the run's time axis (a step's offset is when it ended). */
  function timeline(run) {
    const total = Math.max(run.durationMs ?? 0, ...run.events.map((event) => event.offsetMs), 1);
    const grid = el('div', 'bars timeline-bars');
    for (const event of run.events) {
      if (
        event.durationMs === undefined ||
        !['PROVIDER_COMPLETED', 'MODEL_USED', 'ACTION_COMPLETED', 'EVALUATOR_COMPLETED'].includes(event.type)
      )
        continue;
      const start = Math.max(0, event.offsetMs - event.durationMs);
      const kind =
        event.type === 'MODEL_USED'
          ? 'model'
          : event.type === 'PROVIDER_COMPLETED'
            ? 'provider'
            : event.type === 'ACTION_COMPLETED'
              ? 'action'
              : 'evaluator';
      const label = `${kind}: ${event.name ?? ''}${event.type === 'MODEL_USED' && event.provider ? ` (${event.provider})` : ''}`;
      const track = el('div', 'bar-track');
      const bar = el(
        'div',
        `bar ${event.type === 'MODEL_USED' ? 'model' : ''}${event.success === false ? ' failed' : ''}`,
      );
      bar.style.left = `${(start / total) * 100}%`;
      bar.style.width = `${(Math.max(event.durationMs, 0) / total) * 100}%`;
      bar.title = `${label}: ${fmtMs(event.durationMs)} from +${fmtMs(start)}`;
      track.append(bar);
      grid.append(el('span', 'bar-label', label), track, el('span', 'num', fmtMs(event.durationMs)));
    }
    return grid;
  }

  function callsTable(calls) {
    return table(
      ['type', 'provider', 'model', 'took', 'input', 'cached', 'output', 'cost', 'prompt chars'],
      calls.map((call) => [
        call.name + (call.overBudget ? ' (over budget)' : ''),
        call.provider ?? '',
        call.model ?? '–',
        fmtMs(call.durationMs ?? 0),
        fmtInt(call.tokens?.prompt),
        fmtInt(call.tokens?.cached),
        fmtInt(call.tokens?.completion),
        fmtUsd(call.costUsd),
        fmtInt(call.promptChars),
      ]),
      [3, 4, 5, 6, 7, 8],
    );
  }

  // ---- Memories ----

  const memories = { cursor: null };

  async function loadMemories() {
    const select = $('#memory-room');
    const previous = select.value;
    const { rooms } = await ctx.api(`/api/agents/${ctx.agentId()}/rooms`);
    select.replaceChildren();
    for (const room of rooms) {
      const option = el(
        'option',
        '',
        `${room.name || 'room'} (${shortId(room.id)})${room.id === ctx.roomId() ? ' · this chat' : ''}`,
      );
      option.value = room.id;
      select.append(option);
    }
    if (!rooms.length) {
      $('#memory-list').replaceChildren();
      $('#memory-note').textContent = 'The agent has no rooms yet.';
      return;
    }
    select.value = rooms.some((room) => room.id === previous)
      ? previous
      : rooms.some((room) => room.id === ctx.roomId())
        ? ctx.roomId()
        : rooms[0].id;
    await listMemories(true);
  }

  async function listMemories(fresh) {
    if (fresh) memories.cursor = null;
    const params = new URLSearchParams({ limit: '20', tableName: $('#memory-table').value });
    if (memories.cursor) params.set('cursor', memories.cursor);
    const page = await ctx.api(`/api/agents/${ctx.agentId()}/rooms/${$('#memory-room').value}/memories?${params}`);
    const list = $('#memory-list');
    if (fresh) list.replaceChildren();
    for (const memory of page.memories) list.append(memoryItem(memory));
    memories.cursor = page.nextCursor;
    $('#memory-more').hidden = !page.nextCursor;
    $('#memory-note').textContent = list.children.length
      ? `Newest first; ${list.children.length} shown.`
      : 'No memories in this table.';
  }

  function memoryItem(memory) {
    const item = el('li');
    const who = memory.authorName || (memory.entityId === ctx.agentId() ? 'agent' : shortId(memory.entityId));
    const meta = [
      memory.createdAt ? fmtTime(memory.createdAt) : '',
      who,
      memory.similarity !== undefined ? `similarity ${memory.similarity.toFixed(3)}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.append(
      el('div', 'meta', meta),
      el('div', 'text', memory.content?.text || memory.content?.thought || '(no text)'),
    );
    return item;
  }

  async function searchMemories(query) {
    if (!query) return listMemories(true);
    const params = new URLSearchParams({ q: query, limit: '10', tableName: $('#memory-table').value });
    const { memories: found } = await ctx.api(
      `/api/agents/${ctx.agentId()}/rooms/${$('#memory-room').value}/memories/search?${params}`,
    );
    $('#memory-list').replaceChildren(...found.map(memoryItem));
    $('#memory-more').hidden = true;
    $('#memory-note').textContent = found.length
      ? `Closest in meaning to “${query}”, best first.`
      : `Nothing close to “${query}”.`;
  }

  $('#memory-room').addEventListener('change', () => listMemories(true).catch(ctx.report));
  $('#memory-table').addEventListener('change', () => listMemories(true).catch(ctx.report));
  $('#memory-more').addEventListener('click', () => listMemories(false).catch(ctx.report));
  $('#memory-search').addEventListener('submit', (event) => {
    event.preventDefault();
    searchMemories($('#memory-query').value.trim()).catch(ctx.report);
  });

  // ---- Usage ----

  async function loadUsage() {
    const days = Number($('#usage-days').value);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const base = `/api/agents/${ctx.agentId()}/usage?from=${from}&to=${to}`;
    const [byDay, byRoom] = await Promise.all([ctx.api(`${base}&groupBy=day`), ctx.api(`${base}&groupBy=room`)]);
    const t = byDay.totals;
    $('#usage-totals').textContent =
      `${from} to ${to}: ${fmtInt(t.calls)} model calls · ${fmtInt(t.inputTokens)} input tokens (${fmtInt(t.cachedInputTokens)} cached) · ` +
      `${fmtInt(t.outputTokens)} output tokens · ${fmtUsd(t.costUsd)}`;
    const budget = byDay.budget;
    const budgetNote = $('#usage-budget');
    budgetNote.classList.toggle('warn', Boolean(budget?.exceeded));
    budgetNote.textContent = !budget
      ? 'No daily budget (MAX_DAILY_COST_USD is not set).'
      : budget.exceeded
        ? `Daily budget reached: ${fmtUsd(budget.spentUsd)} of ${fmtUsd(budget.limitUsd)} today (UTC); ` +
          `the agent answers with ${budget.fallback === 'offline-model' ? 'the offline model' : 'BUDGET_EXCEEDED_MESSAGE'} until midnight UTC (${budget.callsOverBudget} call${budget.callsOverBudget === 1 ? '' : 's'} so far).`
        : `Daily budget: ${fmtUsd(budget.spentUsd)} of ${fmtUsd(budget.limitUsd)} spent today (UTC).`;
    $('#usage-days-chart').replaceChildren(dayChart(byDay, from, days, budget));
    $('#usage-rooms-chart').replaceChildren(roomBars(byRoom));
    $('#usage-note').textContent =
      `Costs use MODEL_PRICES over default OpenAI list prices of ${byDay.pricesDate} (defaults to override), at the prices in force when each call was made.` +
      (t.unpricedCalls ? ` ${fmtInt(t.unpricedCalls)} calls used models without a price.` : '') +
      (byDay.overBudgetDays.length ? ` Red days reached the budget.` : '');
  }

  /** Cost per UTC day as SVG bars, every day of the range shown (empty days at zero); days over budget in red. */
  function dayChart(report, from, days, budget) {
    const byKey = new Map(report.groups.map((group) => [group.key, group]));
    const start = Date.parse(`${from}T00:00:00Z`);
    const series = Array.from({ length: days }, (_, i) => {
      const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      return { day, group: byKey.get(day) };
    });
    const max = Math.max(...series.map((point) => point.group?.costUsd ?? 0), budget?.limitUsd ?? 0, 1e-9);
    const [width, height, left, bottom] = [720, 180, 56, 22];
    const plot = height - bottom - 8;
    const step = (width - left) / days;
    const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'Cost per day' });
    chart.append(svg('text', { x: 0, y: 12 }, fmtUsd(max)), svg('text', { x: 0, y: plot + 8 }, '$0'));
    series.forEach(({ day, group }, i) => {
      const cost = group?.costUsd ?? 0;
      const h = (cost / max) * plot;
      const bar = svg('rect', {
        class: `day${group?.overBudget ? ' over' : ''}`,
        x: left + i * step + 1,
        y: 8 + plot - h,
        width: Math.max(1, step - 2),
        height: h,
        'data-day': day,
        'data-cost': cost,
      });
      bar.append(
        svg(
          'title',
          {},
          `${day}: ${fmtUsd(cost)}, ${fmtInt(group?.calls ?? 0)} calls${group?.overBudget ? ' (budget reached)' : ''}`,
        ),
      );
      chart.append(bar);
      const every = Math.ceil(days / 8);
      // Labels: the first day, every few days, and the last (right-aligned, with room kept before it).
      if (i === days - 1)
        chart.append(svg('text', { x: left + (i + 1) * step, y: height - 6, 'text-anchor': 'end' }, day.slice(5)));
      else if (i % every === 0 && days - 1 - i >= every)
        chart.append(svg('text', { x: left + i * step, y: height - 6 }, day.slice(5)));
    });
    if (budget) {
      const y = 8 + plot - (budget.limitUsd / max) * plot;
      chart.append(
        svg('line', { class: 'limit', x1: left, x2: width, y1: y, y2: y }),
        svg('text', { x: left + 4, y: y - 3 }, `limit ${fmtUsd(budget.limitUsd)}/day`),
      );
    }
    return chart;
  }

  function roomBars(report) {
    const groups = [...report.groups].sort((a, b) => b.costUsd - a.costUsd || b.calls - a.calls);
    if (!groups.length) return el('p', 'note', 'No model calls in this range.');
    const max = Math.max(...groups.map((group) => group.costUsd), 1e-9);
    const grid = el('div', 'bars room-bars');
    for (const group of groups) {
      const label = group.key === '' ? '(outside rooms)' : `${group.label || 'room'} (${shortId(group.key)})`;
      const track = el('div', 'bar-track');
      const bar = el('div', 'bar');
      bar.style.width = `${(group.costUsd / max) * 100}%`;
      bar.title = `${label}: ${fmtInt(group.calls)} calls, ${fmtInt(group.inputTokens)} input tokens`;
      track.append(bar);
      grid.append(el('span', 'bar-label', label), track, el('span', 'num', fmtUsd(group.costUsd)));
    }
    return grid;
  }

  $('#usage-days').addEventListener('change', () => loadUsage().catch(ctx.report));
  $('#runs-refresh').addEventListener('click', () => loadRuns().catch(ctx.report));

  return {
    show,
    /** The agent changed: reload the open view. */
    agentChanged() {
      $('#run-detail').replaceChildren();
      if (loaders[current]) loaders[current]().catch(ctx.report);
    },
  };
}
