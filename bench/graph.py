"""The graph layer on the EU acts and the filings: references found and resolved, precision on a hand-checked sample,
and what `context(graph=True)` adds over `context()` on bridge questions, on the plain question sets, and in latency.

Databases are built once into /tmp/graph_bench (hash_embed, the CLI's default embedder) and reused; the reference
edges are rebuilt from stored text on every run (`index_refs`, a few seconds), so a pattern change shows at once.

Precision: `--sample N` resolved references per corpus are drawn with each of `--seeds` and pooled (one target per reference);
each is judged by hand by reading the source sentence and the target node's title, and the verdicts are kept in
bench/graph_judged.jsonl (key: corpus|document|citing node|reference text|target). `--show` prints the sample with the
sentence, marking the ones not judged yet.

Bridge questions (bench/questions_bridge.jsonl): the answer is in a section reached only through a reference (an
annex, a definition, a note). A question is recalled when the needed node (its title starts with `need`, in `doc`)
is among the sections context() returns: operative sections + vector-related (graph=False), and + graph (graph=True).
Plain questions (questions_eu.jsonl, questions_filings.jsonl): recalled when a returned section of `doc` covers an
evidence page. Latency: both modes per query, interleaved, in one run; the ratio of means.

With --terms the optional term edges (defined_terms) are built too, to measure them against references alone.

Run: nice python bench/graph.py [--sample 60] [--seeds 7,11] [--show] [--rebuild] [--terms]
"""
import sys, json, time, random, re, argparse
from pathlib import Path
import numpy as np
from litesearch import database

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent/'shared'/'data'
CACHE = Path('/tmp/graph_bench')
EMB = 'litesearch.utils:hash_embed'

def build(name, rebuild=False, terms=False):
    p = CACHE/f'{name}.db'
    if rebuild:
        for f in CACHE.glob(f'{name}.db*'): f.unlink()
    fresh = not p.exists()
    CACHE.mkdir(exist_ok=True)
    db = database(p)
    if fresh:
        t = time.perf_counter()
        db.add_dir(DATA/name, embedder=db.embedder(EMB, record=True))
        print(f'{name}: ingested in {time.perf_counter() - t:.1f}s')
    from litesearch.graph import defined_terms
    t = time.perf_counter(); n = db.index_refs(terms_fn=defined_terms if terms else None)
    print(f'{name}: {n} edges rebuilt in {time.perf_counter() - t:.1f}s' + (' (with term edges)' if terms else ''))
    return db

def node_text(db, nid): return '\n'.join(c for (c,) in db.execute('SELECT content FROM store WHERE node_id = ? ORDER BY rowid', [nid]))

def sample(db, corpus, n, seed=7):
    "n resolved references (one target each), as dicts with the source sentence and the target's title."
    occ = db.execute('SELECT src, pos, text, group_concat(dst, " ") FROM refs WHERE dst IS NOT NULL GROUP BY src, pos ORDER BY src, pos').fetchall()
    rng = random.Random(seed)
    out = []
    for src, pos, text, dsts in rng.sample(occ, min(n, len(occ))):
        dst = rng.choice(sorted(set(dsts.split())))
        t = node_text(db, src); i = t.find(text, max(pos - 80, 0)); i = pos if i < 0 else i
        title = lambda nid: db.execute('SELECT title FROM nodes WHERE id = ?', [nid]).fetchone()[0]
        doc = db.execute('SELECT d.title FROM docs d JOIN nodes n ON n.doc_id = d.id WHERE n.id = ?', [src]).fetchone()[0]
        out.append(dict(key=f'{corpus}|{doc}|{title(src)[:40]}|{" ".join(text.split())}|{title(dst)[:40]}', ref=text, target=title(dst),
                        cross=dst.split('#')[0] != src.split('#')[0],
                        sentence=' '.join(t[max(0, i - 160):i + len(text) + 80].split())))
    return out

def precision(dbs, n, show, seeds=(7,)):
    judged = {}
    jf = ROOT/'graph_judged.jsonl'
    if jf.exists():
        for l in jf.read_text().splitlines():
            if l.strip(): j = json.loads(l); judged[j['key']] = j
    for corpus, db in dbs.items():
        s = list({x['key']: x for seed in seeds for x in sample(db, corpus, n, seed)}.values())   # samples drawn with each seed, pooled
        ok = [judged[x['key']]['ok'] for x in s if x['key'] in judged]
        if show:
            for x in s:
                print(f"{'  ' if x['key'] in judged else '??'} {x['key']}\n     …{x['sentence']}…\n     {x['ref']!r} -> {x['target'][:80]}{' [cross]' if x['cross'] else ''}")
        wrong = [x['key'] for x in s if x['key'] in judged and not judged[x['key']]['ok']]
        print(f"{corpus}: precision {sum(ok)}/{len(ok)} = {sum(ok) / max(len(ok), 1):.3f} on {len(s)} distinct resolved references ({n} drawn with each seed of {list(seeds)})"
              f" ({len(s) - len(ok)} not judged){'; wrong: ' + '; '.join(wrong) if wrong else ''}")

def load(name):
    for p in (ROOT/name, ROOT.parent.parent/'main'/'bench'/name):
        if p.exists(): return [json.loads(l) for l in p.read_text().splitlines() if l.strip()]
    return []

def _norm(s): return ' '.join((s or '').lower().replace('▼', ' ').split())

def returned(ctx, graph):
    out = [(s['node_id'], s['pages']) for s in ctx['sections']]
    out += [(r['node_id'], None) for r in ctx['related']]
    if graph: out += [(g['node_id'], g['pages']) for g in ctx.get('graph', [])]
    return out

def evaluate(db, qs, emb, hit, label):
    "Recall of `hit` in context() with graph=False and graph=True, and the latency of each (interleaved)."
    rec = {False: [], True: []}; ops = []; lat = {False: [], True: []}; size = {False: [], True: []}; ctl = []; src = []
    for g in (False, True): db.context(qs[0]['q'], emb([qs[0]['q']])[0], graph=g)       # warm both paths before timing
    for q in qs:
        e = emb([q['q']])[0]
        for g in (False, True):
            t = time.perf_counter(); c = db.context(q['q'], e, graph=g); lat[g].append(time.perf_counter() - t)
            got = returned(c, g)
            rec[g].append(hit(db, q, got)); size[g].append(len(got))
            if not g: ops.append(hit(db, q, returned(dict(c, related=[]), False)))
            if not g and q.get('via'):        # the citing section (the start of `via`) among the operative sections
                src.append(hit(db, dict(q, need=q['via'].split(' → ')[0]), returned(dict(c, related=[]), False)))
        # control: graph=False given as many extra sections as graph=True adds, all from the vector neighbours
        ctl.append(hit(db, q, returned(db.context(q['q'], e, related=16), False)))
    m = lambda xs: sum(xs) / max(len(xs), 1)
    print(f"{label}: {len(qs)} questions; recall operative sections {m(ops):.3f}; context() {m(rec[False]):.3f} "
          f"({sum(rec[False])}); context(related=16) {m(ctl):.3f} ({sum(ctl)}); context(graph=True) {m(rec[True]):.3f} ({sum(rec[True])}); sections returned {m(size[False]):.1f} vs {m(size[True]):.1f}; "
          f"latency {1000 * m(lat[False]):.1f} ms vs {1000 * m(lat[True]):.1f} ms (x{m(lat[True]) / m(lat[False]):.2f})")
    if src:
        both = [r for s, r in zip(src, rec[True]) if s]
        print(f"{label}: the citing section is an operative section for {sum(src)} of {len(src)}; graph=True then reaches the needed one for {sum(both)} of them")
    return rec, lat

_tcache = {}
def node_info(db, nid):
    if nid not in _tcache:
        r = db.execute('SELECT d.title, n.title, n.page_start, n.page_end FROM nodes n JOIN docs d ON d.id = n.doc_id WHERE n.id = ?', [nid]).fetchone()
        _tcache[nid] = r
    return _tcache[nid]

def need_hit(db, q, got):
    "The needed node: in the question's document, its title starts with `need`."
    for nid, _ in got:
        doc, title, *_ = node_info(db, nid)
        t, n = _norm(title), _norm(q['need'])
        if doc == q['doc'] and (t == n or t.startswith((n + ' ', n + '.', n + ':'))): return True
    return False

def page_hit(db, q, got):
    "A returned section of the question's document covers an evidence page."
    pages = set(q.get('pages') or [])
    for nid, _ in got:
        doc, _, p0, p1 = node_info(db, nid)
        if doc == q['doc'] and p0 is not None and any(p0 <= p <= p1 for p in pages): return True
    return False

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--sample', type=int, default=60); ap.add_argument('--seeds', default='7,11'); ap.add_argument('--show', action='store_true'); ap.add_argument('--rebuild', action='store_true'); ap.add_argument('--terms', action='store_true')
    a = ap.parse_args()
    dbs = {c: build(c, a.rebuild, a.terms) for c in ('eu', 'filings')}
    for c, db in dbs.items():
        st = db.ref_stats()
        print(f"{c}: {st['found']} references found; resolved {st['resolved']} ({st['resolved'] / st['found']:.1%}): "
              f"{st['within']} within a document, {st['across']} across documents; {st['external']} external (another instrument); "
              f"{st['unresolved']} unresolved; by pattern {st['by_pattern']}")
        units = db.execute("""SELECT json_extract(target, '$.unit') u, count(*), sum(ok) FROM (SELECT target, max(dst IS NOT NULL) ok FROM refs
                              WHERE scope != 'external' GROUP BY src, pos) GROUP BY u ORDER BY 2 DESC LIMIT 8""").fetchall()
        print(f"{c}: resolved by unit (not external): " + ', '.join(f'{u}: {r}/{n}' for u, n, r in units))
    precision(dbs, a.sample, a.show, [int(x) for x in a.seeds.split(',')])
    emb = dbs['eu'].embedder()
    bridge = load('questions_bridge.jsonl')
    allq = {c: [] for c in dbs}
    for q in bridge: allq['eu' if q['doc'].startswith(('dir_', 'reg_')) else 'filings'].append(q)
    for c, qs in allq.items():
        if qs: evaluate(dbs[c], qs, emb, need_hit, f'bridge {c}')
    for c, f in (('eu', 'questions_eu.jsonl'), ('filings', 'questions_filings.jsonl')):
        qs = load(f)
        if qs: evaluate(dbs[c], qs, emb, page_hit, f'plain {c} ({f})')
    for db in dbs.values(): db.close()
