// Polls /metrics (Prometheus text), keeps a rolling window and redraws the charts. Rates and mean
// latencies are computed from counter deltas between two scrapes, as Prometheus' rate() would.
(function () {
  'use strict';
  const PERIOD_MS = 2000, TIMEOUT_MS = 10000, WINDOW = 150; // 150 points x 2 s = 5 minutes
  const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f'];

  /** {name, labels, value} for every sample line of a Prometheus text exposition. */
  function parse(text) {
    const out = [];
    for (const line of text.split('\n')) {
      if (!line || line[0] === '#') continue;
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
      if (!m) continue;
      const labels = {};
      if (m[3]) for (const l of m[3].matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
      out.push({ name: m[1], labels: labels, key: m[1] + (m[2] || ''), value: parseFloat(m[4]) });
    }
    return out;
  }

  function first(samples, name, labels) {
    const s = samples.find(x => x.name === name && Object.entries(labels || {}).every(([k, v]) => x.labels[k] === v));
    return s ? s.value : null;
  }

  function endpoint(labels) {
    const cls = (labels['class'] || '').split('.').pop();
    return cls + '.' + (labels['method'] || '').split('_')[0];
  }

  const charts = {};
  for (const canvas of document.querySelectorAll('canvas[data-chart]')) {
    charts[canvas.dataset.chart] = new Chart(canvas, {
      type: 'line',
      data: { labels: [], datasets: [] },
      options: { animation: false, responsive: true, maintainAspectRatio: false, spanGaps: true,
        elements: { point: { radius: 0 } }, scales: { y: { beginAtZero: true } },
        plugins: { legend: { labels: { boxWidth: 12 } } } }
    });
  }

  const series = {}; // chart -> label -> array of values, aligned with times
  const times = [];
  let previous = null, previousAt = 0, started = Date.now();

  function push(chart, label, value) {
    const byLabel = series[chart] = series[chart] || {};
    if (!byLabel[label]) byLabel[label] = new Array(times.length - 1).fill(null);
    byLabel[label].push(value === null || Number.isNaN(value) ? null : value);
  }

  function record(samples, now) {
    times.push(Math.round((now - started) / 1000));
    const dt = previous ? (now - previousAt) / 1000 : 0;
    const old = new Map(previous ? previous.map(s => [s.key, s.value]) : []);
    const delta = s => old.has(s.key) ? s.value - old.get(s.key) : null;

    // per-endpoint rate and mean latency from the REST timings Liberty keeps
    for (const c of samples.filter(s => s.name === 'REST_request_seconds_count')) {
      const d = delta(c);
      if (dt > 0 && d !== null && d > 0) {
        push('rps', endpoint(c.labels), d / dt);
        const sum = samples.find(s => s.name === 'REST_request_seconds_sum' && s.key.replace('_sum', '_count') === c.key);
        const ds = sum ? delta(sum) : null;
        if (ds !== null) push('latency', endpoint(c.labels), 1000 * ds / d);
      }
    }
    const rc = samples.find(s => s.name === 'vtlab_remote_call_seconds_count');
    const rs = samples.find(s => s.name === 'vtlab_remote_call_seconds_sum');
    if (rc && rs && delta(rc) > 0) push('latency', 'remote call', 1000 * delta(rs) / delta(rc));

    const pool = { pool: 'Default_Executor' };
    push('threads', 'pool size', first(samples, 'threadpool_size', pool));
    push('threads', 'pool active', first(samples, 'threadpool_activeThreads', pool));
    // the virtual threads running requests: the Dispatcher's (app-level hand-off) or, in executor-virtual
    // mode, the user feature's, one per Default Executor task
    const feature = first(samples, 'vtlab_executor_virtual_tasks_in_flight');
    push('threads', 'virtual threads active', feature !== null ? feature : first(samples, 'vtlab_virtual_threads_active'));
    const vs = samples.find(s => s.name === 'vtlab_executor_virtual_tasks_started')
      || samples.find(s => s.name === 'vtlab_virtual_threads_started_total');
    push('threads', 'virtual threads started /s', vs && dt > 0 && delta(vs) !== null ? delta(vs) / dt : null);
    push('threads', 'pinned (total)', first(samples, 'vtlab_virtual_threads_pinned_total'));

    for (const [name, label] of [['vtlab_carrier_parallelism', 'parallelism'], ['vtlab_carrier_pool_size', 'pool size'],
      ['vtlab_carrier_mounted', 'mounted'], ['vtlab_carrier_queued', 'queued']]) {
      push('carriers', label, first(samples, name));
    }
    const cpu = first(samples, 'cpu_processCpuLoad_percent');
    push('cpu', 'process', cpu === null ? null : 100 * cpu);
    const sys = first(samples, 'cpu_systemLoadAverage');
    push('cpu', 'load average (1 min)', sys);

    const mib = v => v === null ? null : v / 1048576;
    push('memory', 'RSS', mib(first(samples, 'vtlab_process_rss_bytes')));
    push('memory', 'heap used', mib(first(samples, 'memory_usedHeap_bytes')));
    push('memory', 'direct buffers', mib(first(samples, 'vtlab_direct_buffers_used_bytes')));

    const inflight = samples.find(s => s.name === 'vtlab_requests_in_flight');
    push('inflight', 'requests in flight', inflight ? inflight.value : null);
    push('inflight', 'OS threads', first(samples, 'vtlab_process_native_threads'));

    // pad series that got no value this time, then keep the window
    for (const byLabel of Object.values(series)) {
      for (const values of Object.values(byLabel)) {
        while (values.length < times.length) values.push(null);
        while (values.length > WINDOW) values.shift();
      }
    }
    while (times.length > WINDOW) times.shift();

    if (inflight) {
      const mode = inflight.labels['mode'] || '?';
      const badge = document.getElementById('mode');
      badge.textContent = mode;
      badge.className = mode;
      document.body.dataset.mode = mode;
    }
  }

  function draw() {
    for (const [name, chart] of Object.entries(charts)) {
      const byLabel = series[name] || {};
      chart.data.labels = times.slice();
      chart.data.datasets = Object.entries(byLabel).map(([label, values], i) => ({
        label: label, data: values.slice(), borderColor: COLORS[i % COLORS.length],
        backgroundColor: COLORS[i % COLORS.length], borderWidth: 1.5
      }));
      chart.update();
      // what a test (or a curious user) can read off the page without looking at pixels
      const canvas = chart.canvas;
      const present = chart.data.datasets.flatMap(d => d.data).filter(v => v !== null);
      canvas.dataset.points = String(times.length);
      canvas.dataset.values = String(present.length);
      canvas.dataset.max = String(present.length ? Math.max(...present) : 0);
    }
  }

  async function poll() {
    const status = document.getElementById('status');
    try {
      const response = await fetch('../metrics', {
        headers: { Accept: 'text/plain' }, cache: 'no-store', signal: AbortSignal.timeout(TIMEOUT_MS)
      });
      if (!response.ok) throw new Error('HTTP ' + response.status);
      const now = Date.now();
      const samples = parse(await response.text());
      record(samples, now);
      previous = samples;
      previousAt = now;
      draw();
      document.body.dataset.scrapes = String((Number(document.body.dataset.scrapes) || 0) + 1);
      status.textContent = 'last scrape ' + new Date(now).toLocaleTimeString() + ', ' + samples.length + ' samples';
    } catch (e) {
      status.textContent = '/metrics failed: ' + e.message + ' (retrying)';
    }
    // the next scrape after this one ends, so a slow server never has two of them in flight
    setTimeout(poll, PERIOD_MS);
  }

  poll();
})();
