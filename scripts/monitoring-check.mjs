// The monitoring test's driver (run by scripts/monitoring-test, after promtool has parsed the
// rules): checks that deploy/prometheus-rules.yml and deploy/grafana-dashboard.json only name
// metrics a running server exports, and that every alert rule has its expr, for, labels and
// annotations (promtool accepts a rule without them; an operator's pager does not).
//
//   node scripts/monitoring-check.mjs BASE_URL   (VIVIER_METRICS_TOKEN: the server's token)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const [base] = process.argv.slice(2);
const token = process.env.VIVIER_METRICS_TOKEN;
assert.ok(base && token, 'usage: VIVIER_METRICS_TOKEN=... monitoring-check.mjs BASE_URL');

// Series Prometheus itself adds, and figures a server exports only where they can be measured:
// the memory limit exists only under a cgroup limit (a systemd MemoryMax=, a container's limit).
const NOT_FROM_THE_SERVER = new Set(['up']);
const WHERE_MEASURABLE = new Set(['vivier_process_memory_limit_bytes']);

const response = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
assert.equal(response.status, 200, `GET /api/metrics answered ${response.status}`);
const exported = new Set();
for (const [, name, type] of (await response.text()).matchAll(/^# TYPE (\w+) (\w+)$/gm)) {
  exported.add(name);
  if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exported.add(name + suffix);
}

/** The metric names a PromQL expression reads (ours, plus Prometheus's `up`). */
function metricNames(expression) {
  return [...expression.matchAll(/\b(vivier_\w+|up)\s*(?=[{\s),/*+-]|$)/g)].map((match) => match[1]);
}

function checkNames(where, expression) {
  for (const name of metricNames(expression)) {
    const known = exported.has(name) || NOT_FROM_THE_SERVER.has(name) || WHERE_MEASURABLE.has(name);
    assert.ok(known, `${where} reads ${name}, which the server does not export`);
  }
}

// The rules file, read by its layout (a list item `- alert:` and its keys one level deeper):
// promtool has parsed it as YAML already.
const rules = readFileSync('deploy/prometheus-rules.yml', 'utf8').split(/^\s*- alert: /m).slice(1);
assert.ok(rules.length > 0, 'the rules file holds alert rules');
for (const rule of rules) {
  const name = rule.split('\n')[0].trim();
  const keys = new Set([...rule.matchAll(/^\s+(\w+):/gm)].map((match) => match[1]));
  for (const key of ['expr', 'for', 'labels', 'severity', 'annotations', 'summary', 'description']) {
    assert.ok(keys.has(key), `alert ${name} has no ${key}`);
  }
  const expression = rule.match(/^\s+expr: (?:\|\n)?([\s\S]*?)\n\s+for:/m)[1];
  checkNames(`alert ${name}`, expression);
}
console.log(`    ok  ${rules.length} alert rules, each with expr, for, labels and annotations, reading exported metrics`);

const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8'));
let queries = 0;
for (const panel of dashboard.panels) {
  for (const target of panel.targets) {
    checkNames(`panel "${panel.title}"`, target.expr);
    queries += 1;
  }
}
for (const variable of dashboard.templating.list.filter((item) => item.type === 'query')) {
  checkNames(`variable ${variable.name}`, variable.query);
}
console.log(`    ok  ${dashboard.panels.length} dashboard panels, ${queries} queries, reading exported metrics`);
