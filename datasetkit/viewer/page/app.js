// datasetkit view: the review page. Plain JavaScript, no build step, no library.
// Everything the page shows comes from its own server (the token rides on every request);
// every text from a dataset is set with textContent, never parsed as HTML.
"use strict";
(() => {
  const TOKEN = document.querySelector('meta[name="dk-token"]').content;
  const ROW = 46; // the height of a list row, as in app.css (--row)
  const GLYPH = { approved: "✓", edited: "✎", discarded: "✕", added: "+" };
  const VERDICTS = ["approved", "edited", "discarded"];
  const TURN_FIELDS = ["prompt", "expected_response"];
  const LABELS = { category: "Category", prompt: "Prompt", expected_response: "Expected response", context: "Context", response: "Response" };
  const $ = (id) => document.getElementById(id);

  const state = {
    files: [],
    rows: [],
    byKey: new Map(),
    shown: [],
    current: null,
    changes: new Map(), // case key -> {verdict, note, edit: {category?, turns: [{prompt?, ...}]}, earlier?}
    details: new Map(), // case key -> what /api/case said
    live: new Map(), // case key -> the last live check of its edit
    filters: {},
    search: "",
    output: null,
    saving: false,
    checkTimer: null,
  };

  // ----- talking to the server ---------------------------------------------------------

  async function api(path, body) {
    const init = { headers: { "X-Datasetkit-Token": TOKEN } };
    if (body !== undefined) {
      init.method = "POST";
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch (err) {
      return { status: 0, value: { error: "the review server does not answer (was it stopped?)", hint: "start datasetkit view again" } };
    }
    const text = await res.text();
    try {
      return { status: res.status, value: JSON.parse(text) };
    } catch (err) {
      return { status: res.status, value: { error: text.trim() || `HTTP ${res.status}` } };
    }
  }

  // ----- small helpers -----------------------------------------------------------------

  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "value") node.value = v;
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false) continue;
      node.append(kid instanceof Node ? kid : String(kid));
    }
    return node;
  }

  function json(value) {
    return el("pre", { class: "json", text: JSON.stringify(value, null, 2) });
  }

  function showStatus(message, isError, hint, extra) {
    const box = $("status");
    box.hidden = !message;
    box.className = isError ? "error" : "";
    box.replaceChildren(message || "", hint ? el("span", { class: "note-text" }, " — ", hint) : null, extra || null);
  }

  function keyParts(k) {
    const [f, i] = k.split(":");
    return [Number(f), Number(i)];
  }

  // ----- decisions ---------------------------------------------------------------------

  function savedVerdict(row) {
    return VERDICTS.includes(row.r) ? row.r : null;
  }

  function hasEdit(change) {
    const e = change && change.edit;
    if (!e) return false;
    if ("category" in e) return true;
    return (e.turns || []).some((t) => t && Object.keys(t).length);
  }

  function statusOf(row) {
    const c = state.changes.get(row.k);
    if (!c) return row.r || "";
    if (c.verdict === "discarded") return "discarded";
    if (hasEdit(c)) return "edited";
    return c.verdict || "";
  }

  function savedNote(k) {
    const d = state.details.get(k);
    return d ? d.review.note || "" : "";
  }

  function isUnsaved(k, c) {
    const row = state.byKey.get(k);
    if (!row || !c) return false;
    return hasEdit(c) || (c.verdict || null) !== savedVerdict(row) || (c.note || "") !== (c.savedNote || "");
  }

  function unsavedCount() {
    let n = 0;
    for (const [k, c] of state.changes) if (isUnsaved(k, c)) n++;
    return n;
  }

  function changeOf(k) {
    let c = state.changes.get(k);
    if (!c) {
      const row = state.byKey.get(k);
      const note = savedNote(k);
      c = { verdict: savedVerdict(row), note, savedNote: note, edit: {} };
      state.changes.set(k, c);
    }
    return c;
  }

  function decide(verdict) {
    const k = state.current;
    if (!k) return;
    const c = changeOf(k);
    c.verdict = verdict;
    afterChange(k);
    if (verdict === "discarded" || verdict === "approved") move(1);
  }

  function undo() {
    const k = state.current;
    if (!k) return;
    const c = state.changes.get(k);
    if (c) {
      c.verdict = null;
      c.edit = {};
      c.earlier = false;
    }
    if (c && !isUnsaved(k, c)) state.changes.delete(k);
    state.live.delete(k);
    afterChange(k, true);
  }

  function setEdit(k, turn, field, value, original) {
    const c = changeOf(k);
    if (turn === null) {
      if (value === (original || "")) delete c.edit[field];
      else c.edit[field] = value;
    } else {
      c.edit.turns = c.edit.turns || [];
      while (c.edit.turns.length <= turn) c.edit.turns.push({});
      if (value === (original || "")) delete c.edit.turns[turn][field];
      else c.edit.turns[turn][field] = value;
    }
    scheduleCheck(k);
    renderProgress();
    renderRowsOnly();
  }

  function afterChange(k, redraw) {
    renderProgress();
    applyFilters(true);
    if (k === state.current) {
      if (redraw) showCase(k);
      else renderHead(state.details.get(k));
    }
  }

  // ----- live checks -------------------------------------------------------------------

  function scheduleCheck(k) {
    clearTimeout(state.checkTimer);
    state.checkTimer = setTimeout(() => check(k), 180);
  }

  async function check(k) {
    const [file, index] = keyParts(k);
    const c = state.changes.get(k);
    const { status, value } = await api("/api/check", { file, index, edit: (c && c.edit) || {} });
    if (status !== 200) return showStatus(value.error, true, value.hint);
    const levels = ["error", "warning", "info"];
    const found = value.findings;
    state.live.set(k, {
      findings: found,
      gate: value.gate,
      level: levels.find((l) => found.some((f) => f.severity === l)) || "",
      codes: [...new Set(found.map((f) => f.code))].sort(),
    });
    if (k === state.current) {
      placeFindings(found);
      if (value.gate) renderGate(value.gate);
    }
    applyFilters(true);
  }

  // ----- filters and the list ----------------------------------------------------------

  function levelOf(r) {
    const live = state.live.get(r.k);
    return live ? live.level : r.l;
  }

  function codesOf(r) {
    const live = state.live.get(r.k);
    return live ? live.codes : r.codes;
  }

  const FACETS = [
    { name: "file", label: "File", values: (r) => [String(r.f)], show: (v) => (state.files[Number(v)] || {}).name || v, when: () => state.files.length > 1 },
    { name: "category", label: "Category", values: (r) => [r.c || "(none)"] },
    { name: "evaluator", label: "Evaluator", values: (r) => (r.e.length ? r.e : ["(none)"]) },
    { name: "level", label: "Findings", values: (r) => [levelOf(r) || "none"], order: ["error", "warning", "info", "none"] },
    { name: "code", label: "Finding", values: (r) => (codesOf(r).length ? codesOf(r) : ["(none)"]) },
    { name: "origin", label: "Origin", values: (r) => [r.g ? "generated" : "hand-written"] },
    { name: "review", label: "Review", values: (r) => [statusOf(r) || "not reviewed"], order: ["not reviewed", "approved", "edited", "discarded", "added"] },
  ];

  function applyFilters(keepScroll) {
    const terms = state.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const active = FACETS.filter((f) => state.filters[f.name]);
    const counts = Object.fromEntries(FACETS.map((f) => [f.name, new Map()]));
    const shown = [];
    const bump = (facet, r) => {
      const m = counts[facet.name];
      for (const v of facet.values(r)) m.set(v, (m.get(v) || 0) + 1);
    };
    for (const r of state.rows) {
      if (terms.length && !terms.every((t) => r.s.includes(t))) continue;
      let failed = null;
      let misses = 0;
      for (const f of active) {
        if (!f.values(r).includes(state.filters[f.name])) {
          failed = f;
          if (++misses > 1) break;
        }
      }
      if (misses === 0) {
        shown.push(r);
        for (const f of FACETS) bump(f, r);
      } else if (misses === 1) {
        bump(failed, r); // a facet's counts are those of the other filters
      }
    }
    state.shown = shown;
    renderFilters(counts);
    const total = state.rows.length;
    $("count").textContent = shown.length === total ? `${total} cases` : `${shown.length} of ${total} cases`;
    if (!keepScroll) $("list").scrollTop = 0;
    renderList();
  }

  function renderFilters(counts) {
    const box = $("filters");
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.facet : null;
    for (const f of FACETS) {
      let sel = box.querySelector(`select[data-facet="${f.name}"]`);
      if (f.when && !f.when()) {
        if (sel) sel.remove();
        continue;
      }
      if (!sel) {
        sel = el("select", { "data-facet": f.name, "aria-label": f.label });
        sel.addEventListener("change", () => {
          state.filters[f.name] = sel.value;
          applyFilters();
        });
        box.append(sel);
      }
      if (focused === f.name) continue; // do not rebuild a menu the user is in
      const m = counts[f.name];
      const chosen = state.filters[f.name] || "";
      const values = [...m.keys()];
      if (chosen && !m.has(chosen)) values.push(chosen);
      if (f.order) values.sort((a, b) => (f.order.indexOf(a) + 1 || 99) - (f.order.indexOf(b) + 1 || 99));
      else values.sort((a, b) => (m.get(b) || 0) - (m.get(a) || 0) || a.localeCompare(b));
      const opts = [el("option", { value: "", text: `${f.label}: any` })];
      for (const v of values) opts.push(el("option", { value: v, text: `${f.show ? f.show(v) : v} (${m.get(v) || 0})` }));
      sel.replaceChildren(...opts);
      sel.value = chosen;
      sel.classList.toggle("on", Boolean(chosen));
    }
  }

  function rowNode(r, i) {
    const status = statusOf(r);
    const level = levelOf(r);
    const file = state.files.length > 1 ? ` · ${(state.files[r.f] || {}).name}` : "";
    const node = el(
      "div",
      { class: `row${r.k === state.current ? " current" : ""}${status === "discarded" ? " discarded" : ""}`, role: "option", "data-k": r.k, "aria-selected": r.k === state.current ? "true" : "false" },
      el("span", { class: `st ${status}`, text: GLYPH[status] || "", title: status || "not reviewed" }),
      el(
        "div",
        { class: "body" },
        el("div", { class: "p", text: r.p || "(no prompt)" }),
        el("div", { class: "meta", text: `#${r.i + 1}${r.id ? " · " + r.id : ""}${r.c ? " · " + r.c : ""}${r.g ? " · generated" : ""}${file}` }),
      ),
      level ? el("span", { class: `lv ${level}`, text: level, title: codesOf(r).join(", ") }) : null,
    );
    node.style.top = `${i * ROW}px`;
    return node;
  }

  function renderList() {
    const list = $("list");
    const spacer = $("list-spacer");
    spacer.style.height = `${state.shown.length * ROW}px`;
    const height = list.clientHeight || 800;
    const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 8);
    const last = Math.min(state.shown.length, Math.ceil((list.scrollTop + height) / ROW) + 8);
    const frag = document.createDocumentFragment();
    for (let i = first; i < last; i++) frag.append(rowNode(state.shown[i], i));
    spacer.replaceChildren(frag);
  }

  function renderRowsOnly() {
    renderList();
  }

  function move(step) {
    if (!state.shown.length) return;
    let at = state.shown.findIndex((r) => r.k === state.current);
    at = at < 0 ? 0 : Math.min(state.shown.length - 1, Math.max(0, at + step));
    select(state.shown[at].k);
  }

  function select(k) {
    state.current = k;
    if (k) {
      const at = state.shown.findIndex((r) => r.k === k);
      const list = $("list");
      if (at >= 0 && (at * ROW < list.scrollTop || (at + 1) * ROW > list.scrollTop + list.clientHeight)) {
        list.scrollTop = Math.max(0, at * ROW - list.clientHeight / 3);
      }
    }
    renderList();
    showCase(k);
  }

  // ----- the case view -----------------------------------------------------------------

  async function showCase(k) {
    const box = $("case");
    if (!k) {
      box.replaceChildren(el("p", { class: "empty", text: state.rows.length ? "No case matches the filters." : "The dataset has no cases." }));
      return;
    }
    let d = state.details.get(k);
    if (!d) {
      const [file, index] = keyParts(k);
      const { status, value } = await api(`/api/case?file=${file}&index=${index}`);
      if (status !== 200) return showStatus(value.error, true, value.hint);
      d = value;
      state.details.set(k, d);
      const c = state.changes.get(k);
      if (c && c.savedNote === undefined) c.savedNote = d.review.note || "";
      if (c && c.earlier && c.note === "") c.note = c.savedNote;
    }
    if (state.current !== k) return; // another case was chosen meanwhile
    renderCase(d);
    const c = state.changes.get(k);
    if (c && hasEdit(c)) check(k);
  }

  function renderHead(d) {
    const head = $("case-head");
    if (!d || !head) return;
    const row = state.byKey.get(d.k);
    const status = statusOf(row);
    const c = state.changes.get(d.k);
    head.replaceChildren(
      el(
        "div",
        { class: "head" },
        el("h2", { text: `Case ${d.index + 1}` }),
        d.id ? el("code", { text: d.id }) : null,
        el("span", { class: "where", text: `${d.file} (${d.format})` }),
        el("span", { class: `pill ${status}`, id: "case-status", text: status ? `${GLYPH[status] || ""} ${status}` : "not reviewed" }),
        c && c.earlier ? el("span", { class: "earlier", text: "decided in an earlier review (not saved yet)" }) : null,
      ),
      el(
        "div",
        { class: "actions" },
        el("button", { type: "button", class: `keep${status === "approved" || status === "edited" ? " active" : ""}`, id: "keep", onclick: () => decide("approved"), text: "Keep (a)" }),
        el("button", { type: "button", class: `discard${status === "discarded" ? " active" : ""}`, id: "discard", onclick: () => decide("discarded"), text: "Discard (d)" }),
        el("button", { type: "button", id: "undo", onclick: undo, text: "Undo (u)" }),
      ),
    );
  }

  function textField(k, turn, field, value, editable) {
    const c = state.changes.get(k);
    const edited = turn === null ? c && c.edit && c.edit[field] : c && c.edit && c.edit.turns && c.edit.turns[turn] && c.edit.turns[turn][field];
    const current = edited !== undefined && edited !== null ? edited : value || "";
    const id = `f-${turn === null ? "case" : turn}-${field}`;
    const label = LABELS[field] || field;
    const input = editable
      ? el(field === "category" ? "input" : "textarea", {
          id: `in-${id}`,
          "data-field": field,
          "data-turn": turn === null ? "" : turn,
          rows: Math.min(12, Math.max(2, Math.ceil(current.length / 70))),
          value: current,
          class: edited !== undefined && edited !== null ? "changed" : null,
        })
      : el("pre", { class: "ro", text: current });
    if (editable) {
      input.addEventListener("input", () => {
        setEdit(k, turn, field, input.value, value);
        input.classList.toggle("changed", input.value !== (value || ""));
      });
    }
    return el("div", { class: "field", id }, el("label", { for: editable ? `in-${id}` : null, text: label }), input, el("ul", { class: "findings", "data-for": id }));
  }

  function renderCase(d) {
    const k = d.k;
    const fields = [el("h3", { text: "Case" }), textField(k, null, "category", d.category || "", true)];
    d.turns.forEach((t, i) => {
      if (d.turns.length > 1) fields.push(el("h3", { text: `Turn ${i + 1}` }), el("ul", { class: "findings", "data-for": `f-${i}` }));
      fields.push(textField(k, i, "prompt", t.prompt, true));
      fields.push(textField(k, i, "expected_response", t.expected_response, true));
      for (const name of ["context", "response"]) if (t[name]) fields.push(textField(k, i, name, t[name], false));
    });
    if (d.seed) fields.push(el("div", { class: "field" }, el("label", { text: "Simulation seed" }), el("pre", { class: "ro", text: d.seed })));
    const note = el("textarea", { id: "note", rows: 2, value: (state.changes.get(k) || {}).note ?? d.review.note ?? "", placeholder: "A note for this case (kept with the review)" });
    note.addEventListener("input", () => {
      changeOf(k).note = note.value;
      renderProgress();
    });
    fields.push(el("div", { class: "field" }, el("label", { for: "note", text: "Reviewer's note" }), note));
    const left = [el("div", { class: "card", id: "fields" }, fields), settingsCard(d)];
    const right = d.generated ? generatedCards(d.generated) : [];
    $("case").replaceChildren(
      el("div", { id: "case-head" }),
      el("ul", { class: "findings", "data-for": "f-case", id: "case-findings" }),
      el("div", { class: right.length ? "grid" : "grid single" }, el("div", {}, left), right.length ? el("div", {}, right) : null),
    );
    renderHead(d);
    const live = state.live.get(k);
    placeFindings(live ? live.findings : d.findings);
    if (live && live.gate) renderGate(live.gate);
  }

  function settingsCard(d) {
    const rows = [];
    rows.push(["evaluators", d.evaluators.length ? d.evaluators.join(", ") : "(none)"]);
    d.turns.forEach((t, i) => {
      const prefix = d.turns.length > 1 ? `turn ${i + 1} ` : "";
      if (t.evaluators) rows.push([`${prefix}evaluator settings`, json(t.evaluators)]);
      for (const [name, value] of Object.entries(t.settings || {})) rows.push([prefix + name.replaceAll("_", " "), typeof value === "object" ? json(value) : String(value)]);
    });
    for (const [name, value] of Object.entries(d.settings || {})) rows.push([name.replaceAll("_", " "), typeof value === "object" ? json(value) : String(value)]);
    if (d.notes) rows.push(["notes", d.notes]);
    return el("div", { class: "card", id: "settings" }, el("h3", { text: "Evaluators and settings" }), el("dl", { class: "kv" }, rows.map(([n, v]) => [el("dt", { text: n }), el("dd", {}, v)])));
  }

  function passageNode(source) {
    if (!source) return el("p", { class: "note-text", text: "The case names no source file." });
    const out = [el("div", { class: "source-label", id: "source-label", text: source.label })];
    if (source.segments && source.segments.length) {
      out.push(el("div", { class: "passage", id: "passage" }, source.segments.map(([text, kind]) => (kind ? el("mark", { class: kind, text }) : text))));
    }
    if (source.note) out.push(el("p", { class: "note-text", text: source.note }));
    return out;
  }

  function verdictNode(name, info) {
    if (!info) return null;
    const v = String(info.verdict || "");
    const cls = v === "supported" || v === "pass" ? "ok" : v.startsWith("partial") || v === "rewrite" ? "partial" : "bad";
    return [el("dt", { text: name }), el("dd", {}, el("span", { class: `verdict ${cls}`, text: v }), info.reason ? ` — ${info.reason}` : "", info.model ? el("span", { class: "note-text", text: ` (${info.model})` }) : null, info.original_question ? el("div", { class: "note-text", text: `asked before: ${info.original_question}` }) : null)];
  }

  function generatedCards(g) {
    const facts = [];
    if (g.grounded !== undefined && g.grounded !== null) facts.push([el("dt", { text: "grounded" }), el("dd", {}, el("span", { class: `verdict ${g.grounded ? "ok" : "bad"}`, text: g.grounded ? "yes" : "no" }))]);
    if (g.question_type) facts.push([el("dt", { text: "question type" }), el("dd", { text: g.question_type })]);
    if (g.generator) facts.push([el("dt", { text: "generator" }), el("dd", { text: g.generator })]);
    facts.push(verdictNode("critic", g.critic), verdictNode("judge", g.judge));
    facts.push([el("dt", { text: "quality gate" }), el("dd", { id: "gate" })]);
    if (g.tags && g.tags.length) facts.push([el("dt", { text: "tags" }), el("dd", { text: g.tags.join(", ") })]);
    const evidence = g.evidence.map((q) => el("blockquote", { text: q }));
    // The pieces a computed answer rests on, when they are not the evidence itself.
    const quoted = g.quoted.filter((q) => !g.evidence.includes(q));
    const cards = [
      el("div", { class: "card", id: "source" }, el("h3", { text: "Source passage" }), passageNode(g.source)),
      el("div", { class: "card", id: "evidence" }, el("h3", { text: "Evidence" }), evidence.length ? evidence : el("p", { class: "note-text", text: "no evidence quote" }), quoted.length ? el("p", { class: "note-text", text: `the answer rests on: ${quoted.join(" · ")}` }) : null),
      el("div", { class: "card", id: "checks" }, el("h3", { text: "Checks" }), el("dl", { class: "kv" }, facts)),
    ];
    setTimeout(() => renderGate(g.gate), 0);
    return cards;
  }

  function renderGate(gate) {
    const box = $("gate");
    if (!box || !gate) return;
    if (gate.passed) box.replaceChildren(el("span", { class: "verdict ok", text: "passes" }), ` — ${gate.message}`);
    else if (gate.passed === false) box.replaceChildren(el("span", { class: "verdict bad", text: `rejects: ${gate.code}` }), ` — ${gate.message}`, gate.meaning ? el("div", { class: "note-text", text: gate.meaning }) : null);
    else box.textContent = gate.message || "";
  }

  function placeFindings(findings) {
    for (const ul of document.querySelectorAll("#case ul.findings")) ul.replaceChildren();
    for (const f of document.querySelectorAll("#case .field.has-error")) f.classList.remove("has-error");
    for (const f of findings) {
      const turn = f.turn === null || f.turn === undefined ? 0 : f.turn;
      let target = null;
      if (f.field === "category") target = "f-case-category";
      else if (TURN_FIELDS.includes(f.field) || f.field === "context") target = `f-${turn}-${f.field}`;
      else if (f.turn !== null && f.turn !== undefined) target = `f-${turn}`; // the turn as a whole
      let ul = target ? document.querySelector(`#case ul[data-for="${target}"]`) : null;
      if (!ul) ul = $("case-findings");
      else if (f.severity === "error") ul.parentElement.classList.add("has-error");
      ul.append(
        el(
          "li",
          { class: f.severity, "data-code": f.code },
          el("span", { class: `lv ${f.severity}`, text: f.severity }),
          " ",
          f.message,
          " ",
          el("code", { text: f.code }),
          f.where ? el("code", { text: ` ${f.where}` }) : null,
          f.stale ? el("span", { class: "stale", text: " (from the check of the whole file; saving checks it again)" }) : null,
          f.hint ? el("span", { class: "hint", text: f.hint }) : null,
        ),
      );
    }
  }

  // ----- header, saving ----------------------------------------------------------------

  function renderProgress() {
    let reviewed = 0;
    for (const r of state.rows) if (statusOf(r)) reviewed++;
    const unsaved = unsavedCount();
    $("progress").textContent = `${reviewed} of ${state.rows.length} reviewed${unsaved ? ` · ${unsaved} unsaved` : ""}`;
    $("save").disabled = state.saving || unsaved === 0;
  }

  function renderHeader() {
    $("files").textContent = state.files.map((f) => `${f.name} (${f.format}, ${f.cases})`).join(" · ");
    const target = $("save-target");
    const options = [];
    if (state.files.every((f) => f.writable)) options.push(el("option", { value: "source", text: "Save into the dataset" }));
    if (state.output) options.push(el("option", { value: "output", text: `Save into ${state.output}` }));
    const before = target.value;
    target.replaceChildren(...options);
    target.hidden = options.length < 2;
    target.value = before && options.some((o) => o.value === before) ? before : state.output ? "output" : "source";
    renderProgress();
  }

  function renderFileFindings() {
    const box = $("file-findings");
    box.replaceChildren(
      ...state.files
        .filter((f) => f.findings.length)
        .map((f) =>
          el(
            "details",
            {},
            el("summary", { text: `${f.name}: ${f.findings.length} finding(s) about the whole file` }),
            el("ul", { class: "findings" }, f.findings.map((x) => el("li", { class: x.severity }, el("span", { class: `lv ${x.severity}`, text: x.severity }), " ", x.message, " ", el("code", { text: x.code }), x.hint ? el("span", { class: "hint", text: x.hint }) : null))),
          ),
        ),
    );
  }

  async function save() {
    if (state.saving || unsavedCount() === 0) return;
    const byFile = new Map();
    for (const [k, c] of state.changes) {
      if (!isUnsaved(k, c)) continue;
      const [file, index] = keyParts(k);
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push({ index, verdict: c.verdict, note: c.note || "", edit: c.verdict === "discarded" ? {} : c.edit });
    }
    const body = {
      discarded: $("discard-mode").value,
      target: $("save-target").value || "source",
      files: [...byFile].map(([file, changes]) => ({ file, version: state.files[file].version, changes })),
    };
    state.saving = true;
    renderProgress();
    showStatus("Saving…");
    const { status, value } = await api("/api/save", body);
    state.saving = false;
    if (!value.results) {
      renderProgress();
      return showStatus(value.error || `the save failed (HTTP ${status})`, true, value.hint);
    }
    const said = [];
    let failed = null;
    let carried = false;
    for (const r of value.results) {
      if (r.ok) {
        forgetFile(r.file);
        said.push(`Saved ${r.path}${r.backup ? ` (backup: ${r.backup})` : ""}${r.removed ? `; ${r.removed} discarded case(s) removed` : ""}${r.marked ? `; ${r.marked} marked discarded` : ""}.`);
      } else {
        failed = r;
        if (r.carried) {
          // The file changed on disk: the server read it again and found the same cases there.
          forgetFile(r.file);
          for (const c of r.carried) state.changes.set(`${r.file}:${c.index}`, { verdict: c.verdict, note: c.note || "", savedNote: undefined, edit: c.edit || {} });
          carried = true;
        }
      }
    }
    if (said.length || carried) await load(true);
    if (failed) {
      const reload = failed.status === "conflict" && !failed.carried ? el("button", { type: "button", onclick: () => window.location.reload(), text: "Reload" }) : null;
      showStatus(`${said.join(" ")} ${failed.message}`.trim(), true, failed.hint, reload);
    } else {
      showStatus(said.join(" "));
    }
    renderProgress();
  }

  function forgetFile(file) {
    for (const k of [...state.changes.keys()]) if (keyParts(k)[0] === file) state.changes.delete(k);
  }

  // ----- loading, events ---------------------------------------------------------------

  async function load(keep) {
    const { status, value } = await api("/api/data");
    if (status !== 200) return showStatus(value.error, true, value.hint);
    state.files = value.files;
    state.output = value.output;
    state.rows = value.cases;
    for (const r of state.rows) r.s = `${r.p}\n${r.x}\n${r.id}\n${r.c}`.toLowerCase();
    state.byKey = new Map(state.rows.map((r) => [r.k, r]));
    state.details.clear();
    state.live.clear();
    let taken = 0;
    for (const [k, d] of Object.entries(value.pending || {})) {
      if (state.changes.has(k) || !state.byKey.has(k)) continue;
      state.changes.set(k, { verdict: d.verdict, note: d.note || "", savedNote: undefined, edit: d.edit || {}, earlier: true });
      taken++;
    }
    renderHeader();
    renderFileFindings();
    applyFilters(keep);
    // For bench/bench_view.py: when the list of a fresh page is first on screen (painted).
    if (!keep) requestAnimationFrame(() => setTimeout(() => performance.mark("dk-list-ready"), 0));
    if (taken) showStatus(`${taken} decision(s) of an earlier review were taken up for cases of this version; save to write them.`);
    const next = keep && state.byKey.has(state.current) ? state.current : state.shown.length ? state.shown[0].k : null;
    select(next);
  }

  function onKey(e) {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
      e.preventDefault();
      save();
      return;
    }
    const typing = e.target.closest && e.target.closest("input, textarea, select");
    if (e.key === "Escape") {
      if (typing) e.target.blur();
      return;
    }
    if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
    const actions = {
      j: () => move(1),
      ArrowDown: () => move(1),
      k: () => move(-1),
      ArrowUp: () => move(-1),
      a: () => decide("approved"),
      d: () => decide("discarded"),
      u: () => undo(),
      e: () => { const f = document.querySelector("#case textarea[data-field=prompt]"); if (f) f.focus(); },
      n: () => { const f = $("note"); if (f) f.focus(); },
      "/": () => $("search").focus(),
    };
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  }

  function start() {
    let searchTimer = null;
    $("search").addEventListener("input", () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        state.search = $("search").value;
        applyFilters();
      }, 60);
    });
    $("list").addEventListener("scroll", () => window.requestAnimationFrame(renderList), { passive: true });
    $("list").addEventListener("click", (e) => {
      const row = e.target.closest(".row");
      if (row) select(row.dataset.k);
    });
    window.addEventListener("resize", () => renderList());
    $("save").addEventListener("click", save);
    document.addEventListener("keydown", onKey);
    window.addEventListener("beforeunload", (e) => {
      if (unsavedCount()) {
        e.preventDefault();
        e.returnValue = "";
      }
    });
    load(false);
  }

  start();
})();
