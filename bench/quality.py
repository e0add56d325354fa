"""Retrieval quality on the EU corpus (hash_embed, or any embedder): a known-item query set built from the corpus itself.

120 passages are sampled from node-scoped chunks, for each of two seeds (two independent samples, so a
difference that shows in one only is noise). Each passage becomes three queries:
  verbatim  - a 24-word window of the chunk
  degraded  - the same window with about half its words dropped and neighbours swapped
  keyword   - the 4 rarest words of the window (by document frequency across chunks); a window with fewer
              than 4 words of 3+ letters (tables of numbers and codes) is passed over for another passage
A result is correct when it is a section holding the passage (sections; the acts repeat boilerplate
verbatim, so every section holding it counts) / a chunk containing the passage's anchor, a 6-word run
from its middle (doc_search, node-scoped and plain stores judged alike).

Latency is measured per call, as wall time and as this thread's CPU time (the machine is shared: CPU time
is what the code costs, wall time adds whatever else the machine was doing).

The embedder (used for ingest and for queries alike) is hash_embed at 256 dims unless --embedder names a
`module:function` taking list[str] and returning an (n, dim) array; bench/ is importable, so a real one is e.g.
`--embedder embedders:minilm` (see bench/embedders.py for what it needs installed).

Real questions (--suite questions): one store holding each whole corpus (the 30 filings in ../shared/data/filings,
the 8 EU acts), asked the questions in bench/questions_filings.jsonl and bench/questions_eu.jsonl (written in people's
words, each with its document and 0-based evidence pages, checked by reading; see bench/check_questions.py). A result
is right when it is in the question's document and covers an evidence page: a section whose page range holds one
(sections; a document's root, whose range is the whole document, only by the pages of the passages it shows), a hit whose
pages hold one (doc_search). Reported: page recall@1/5/10 and MRR@10, document recall@1 of
`docs()` (routing), the median page span of the top section, and latency; each with routing on (the default, route=3)
and off (route=0), so the gain is measured in one run.
A third store holds the 54 PDFs of ../shared/data/reports (NTSB accident reports, NIH protocols, agency performance
reports and strategic plans), asked bench/questions_reports.jsonl (written for held-out checking, see
bench/questions_README.md); its table adds one row per corpus (ntsb, nih, agency) under each route.
bench/questions_euparaphrase.jsonl (39) is asked of the EU store: passages drawn at random from its chunks (seed 2026),
each restated in other words by a person who read it (no litesearch run before writing), judged as the questions are
(a section of the passage's act holding its page): the paraphrased known-item case.
bench/questions_analyst.jsonl (held out) is asked of the filings store: analysts' questions in their own words ("P&L", "capex",
"free cash flow", "headcount", "DSO") that name no statement by its printed title, written by reading the PDFs before any run.
--sets filingsopaque asks the filings questions of a store of the same PDFs copied as filing_01.pdf, filing_02.pdf, ...:
what the naming does when a file's name says nothing (held-out filings need not be named as ours are).
--sets vimhelp (held out, when Vim's runtime is installed) asks 60 questions of a store of Vim's 151 plain-text help files.
--sets nodejs (held out, when Node.js's API docs are installed) asks 60 questions of a store of its 63 markdown module pages; a
section counts only when it is the section the answer is printed under (the question's `section`) or one inside it.
--sets valgrind (held out, when Valgrind's HTML manual is installed) asks 60 questions of its 45 HTML files (40 distinct pages),
judged as nodejs is.
--sets valgrindpdf (with VALGRIND_PDFS=DIR, the pages `bench/render_pdfs.py DIR` printed to PDF) asks the same questions of the
manual as PDFs, judged by section on any page; questions about a page the renderer skipped (the FAQ) are not asked. --sets
nodejspdf (NODE_PDFS=DIR) does the same for Node.js's pages, printed from HTML that markdown-it made of them.
bench/questions_ratios.jsonl (24) is asked of the filings store: ratios analysts compute from the statements (current and quick
ratio, EBITDA, D&A, ROA, ROE, interest coverage, payout, debt-to-equity, turnover, EPS), written by reading 7 filings' statements
after the finance glossary's ratio entries were chosen (session 23), to measure whether those entries reach their pages.
bench/questions_blindfilings.jsonl (36) and bench/questions_blindreports.jsonl (24) are asked of the filings and reports stores:
written in session 24 by a helper who read the PDFs and saw neither litesearch nor any other question set; no rule is to be
chosen on them (both halves are test), so they say how the rules carry over to questions nobody tuned on.
--half tune|test|all picks half of every set: the reports and analyst sets say their half per row; the filings and EU sets, which do
not, alternate by position in the file (the 1st, 3rd, 5th ... question is tune, the 2nd, 4th ... test). Tune rules on the
tune half, report the test half.

--one-store asks every set of one store holding all the corpora (30 filings, 54 reports, 8 EU acts): what routing and the
glossary a store chooses (finance, since it holds 10-Ks) do when the look-alikes are of every kind, as a user's one store is.

--legs hybrid,keyword,default,vector runs the question sets with the query's embedding, with emb=False (keyword only),
with emb=None (what the store chooses: keywords for a `hash` store), with the vector leg alone (RRF weights (0, 1), in
the routed documents too) and scoped (emb=None with doc= the question's own document: what naming the document gives), in one run.
With `keyword` among them, every other leg is set beside it question by question (`paired`): the MRR difference with a
bootstrap 95% interval, how many questions each ranks higher, and the sign test's p. A half of 20-50 questions moves by
0.01-0.03 when one question moves one place: the interval says whether a difference is more than that.

Run: python bench/quality.py [--suite known,questions] [--seeds 3,11] [--embedder SPEC] [--half tune|test|all] [--legs hybrid,keyword] [--glossary auto|finance|none]   (SPEC: hash, static:FOLDER, onnx:FOLDER, module:function, ...)
"""
import random, re, os, time, math, argparse, importlib, importlib.util, json, inspect, statistics, shutil, tempfile
from pathlib import Path
from collections import Counter
import numpy as np
from fastcore.basics import listify
from litesearch import database, hash_embed
from litesearch.data import Chunker
from litesearch.embed import load_embedder
from litesearch.retrieve import _seq      # a node id's place in its document's tree (0: the root)
import litesearch.tree
from _corpus import eu_pages, pct, DATA

enc = load_embedder('hash')     # the default; --embedder replaces it for ingest and queries (any litesearch spec)
EMBEDDER = 'hash_embed'
GLOSSARY = 'auto'     # --glossary: the question stores' glossary; 'auto' is what a store does by itself (finance once it holds a 10-K or 10-Q)
norm = lambda s: ' '.join(re.findall(r'\w+', s.lower()))

def ingest(db, pages, store, **kw):
    for stem, ps in pages.items(): db.add_doc(ps, title=stem, source=stem, kind='pdf', store=store, embedder=enc, **kw)

def make_queries(db, n=120, seed=3):
    rows_all = db.t.store()
    rows = [r for r in rows_all if len(r['content'].split()) >= 40]
    df = Counter(w for r in rows for w in set(norm(r['content']).split()))
    rng = random.Random(seed)
    out = []
    for r in rng.sample(rows, len(rows)):
        if len(out) == n: break
        ws = r['content'].split(); i = rng.randrange(0, len(ws) - 24); win = ws[i:i+24]
        toks = [t for t in dict.fromkeys(norm(' '.join(win)).split()) if len(t) > 2 and not t.isdigit()]
        if len(toks) < 4: continue        # a window of numbers and codes has no keyword query to give
        deg = [w for w in win if rng.random() > 0.5]
        for j in range(0, len(deg) - 1, 4): deg[j], deg[j+1] = deg[j+1], deg[j]
        kw = sorted(toks, key=lambda t: (df[t], t))[:4]
        full = norm(' '.join(win))
        # EU acts repeat boilerplate verbatim: every section holding the passage is a right answer
        nodes = {x['node_id'] for x in rows_all if full in norm(x['content'])} | {r['node_id']}
        out.append(dict(node=r['node_id'], nodes=nodes, anchor=norm(' '.join(win[9:15])),
                        q=dict(verbatim=' '.join(win), degraded=' '.join(deg), keyword=' '.join(kw))))
    return out

def mrr_recall(ranks):
    return np.mean([1 / r if r else 0 for r in ranks]), np.mean([1 if r else 0 for r in ranks])

def rank_of(items, ok):
    for i, x in enumerate(items[:10]):
        if ok(x): return i + 1
    return 0

def evaluate(db, Q, kind, fn, judge, store='store'):
    ranks, ts, cs = [], [], []
    for it in Q:
        q = it['q'][kind]; e = enc.query([q])[0]
        t, c = time.perf_counter(), time.thread_time(); res = fn(q, e, store)
        ts.append(time.perf_counter() - t); cs.append(time.thread_time() - c)
        ranks.append(rank_of(res, lambda x: judge(x, it)))
    return (*mrr_recall(ranks), ts, cs)

sec_judge = lambda s, it: s['node_id'] in it['nodes']
hit_judge = lambda h, it: it['anchor'] in norm(h['text'])

CONFIGS = [
    ('sections score=max', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s), 'sec', 'store'),
    ('sections score=sum', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, score='sum'), 'sec', 'store'),
    ('sections score=mean', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, score='mean'), 'sec', 'store'),
    ('sections no proximity', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, prox=False), 'sec', 'store'),
    ('sections weights=(1,.25)', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, weights=(1, .25)), 'sec', 'store'),
    ('sections keyword only', lambda db: lambda q, e, s: db.sections(q, False, limit=10, store=s), 'sec', 'store'),
    ('sections emb=None', lambda db: lambda q, e, s: db.sections(q, limit=10, store=s), 'sec', 'store'),     # the store embeds q itself
    ('doc_search node-scoped', lambda db: lambda q, e, s: db.doc_search(q, e, limit=10, store=s, spans=False), 'hit', 'store'),
    ('doc_search plain chunks', lambda db: lambda q, e, s: db.doc_search(q, e, limit=10, store=s, spans=False), 'hit', 'plain'),
]
JUDGES = dict(sec=sec_judge, hit=hit_judge)

BENCH = Path(__file__).resolve().parent
FILINGS = DATA/'filings'
REPORTS = DATA/'reports'     # ntsb/, nih/, agency/: one store holds all three
# the Rust toolchain's offline documentation (rustup installs it): three books as 358 HTML pages, read by no rule here
RUSTDOCS = Path(os.environ.get('RUST_DOCS') or next(iter(sorted(Path.home().glob('.rustup/toolchains/*/share/doc/rust/html'))), Path('/nonexistent')))
QSETS = [n for n in ('filings', 'eu', 'euparaphrase', 'reports', 'analyst', 'ratios', 'blindfilings', 'blindreports') if (BENCH/f'questions_{n}.jsonl').exists()]
if (RUSTDOCS/'book').is_dir(): QSETS.append('rustdocs')
# the AWS CLI's usage examples (the `awscli` package ships them as .rst): 13 services' pages, read by no rule here
AWSCLI = Path(os.environ.get('AWSCLI_EXAMPLES') or (Path(importlib.util.find_spec('awscli').origin).parent/'examples' if importlib.util.find_spec('awscli') else '/nonexistent'))
AWS_SERVICES = 's3 s3api iam lambda dynamodb sqs sns cloudwatch logs kms secretsmanager sts route53'.split()
if (AWSCLI/'s3api').is_dir(): QSETS.append('awscli')
# Vim's help (plain text: numbered and underlined titles, read by `text_parse`): the runtime's doc/*.txt, read by no rule here
VIMDOCS = Path(os.environ.get('VIM_DOCS') or next(iter(sorted(Path('/usr/share/vim').glob('vim*/doc'))), Path('/nonexistent')))
if (VIMDOCS/'usr_01.txt').is_file(): QSETS.append('vimhelp')
# Node.js's API reference (markdown, one file a module; Debian's nodejs package ships it): read by no rule here
NODEDOCS = Path(os.environ.get('NODE_DOCS') or '/usr/share/doc/nodejs/api')
if (NODEDOCS/'fs.md').is_file() and (BENCH/'questions_nodejs.jsonl').exists(): QSETS.append('nodejs')
# Valgrind's user manual (HTML, a page a chapter; Debian's valgrind package ships it): read by no rule here
VALGRINDDOCS = Path(os.environ.get('VALGRIND_DOCS') or '/usr/share/doc/valgrind/html')
if (VALGRINDDOCS/'mc-manual.html').is_file() and (BENCH/'questions_valgrind.jsonl').exists(): QSETS.append('valgrind')
# a set's pages printed to PDF (`bench/render_pdfs.py DIR --html ...`, headings as the outline): its questions over another format
PDF_SETS = {'valgrindpdf': Path(os.environ.get('VALGRIND_PDFS') or '/nonexistent'),
            'nodejspdf': Path(os.environ.get('NODE_PDFS') or '/nonexistent')}
QSETS += [n for n, d in PDF_SETS.items() if d.is_dir() and any(d.glob('*.pdf'))]
STORE_OF = {'euparaphrase': 'eu', 'analyst': 'filings', 'ratios': 'filings', 'blindfilings': 'filings', 'blindreports': 'reports'}      # a set asked of another set's store

QFILE_OF = {'filingsopaque': 'filings', 'valgrindpdf': 'valgrind', 'nodejspdf': 'nodejs'}     # a set asking another set's questions

def load_questions(name):
    Q = [json.loads(l) for l in (BENCH/f'questions_{QFILE_OF.get(name, name)}.jsonl').read_text().splitlines() if l.strip()]
    if name not in PDF_SETS: return Q
    # a page printed to PDF has pages of its own (the file names the source page, 0): its section judges; a page whose layout
    # render_pdfs.py skipped is not asked
    return [dict(it, pages=list(range(10_000))) for it in Q if (PDF_SETS[name]/f"{it['doc']}.pdf").is_file()]

def opaque_copy(src, dst):
    "The PDFs of `src` copied to `dst` as filing_01.pdf, filing_02.pdf, ... (name order): {original stem: copy's stem}."
    dst.mkdir(parents=True, exist_ok=True)
    names = {f.stem: f'filing_{i:02d}' for i, f in enumerate(sorted(src.glob('*.pdf')), 1)}
    for stem, new in names.items():
        if not (dst/f'{new}.pdf').exists(): shutil.copyfile(src/f'{stem}.pdf', dst/f'{new}.pdf')
    return names

def _flat_copy(cache, name, root, files):
    "`files` (under `root`) copied flat into `cache/name` (`cargo__reference__profiles.html`), so every page's stem is its own; once per cache."
    dst = Path(cache or tempfile.mkdtemp())/name
    if dst.is_dir(): return dst
    dst.mkdir(parents=True)
    for f in files: shutil.copyfile(f, dst/('__'.join(f.relative_to(root).parts)))
    return dst

def rustdocs_dir(cache):
    "The pages of the Rust Book (its chapters and appendices), the Cargo Book and the Reference, copied flat."
    pages = [*RUSTDOCS.glob('book/ch*.html'), *RUSTDOCS.glob('book/appendix-*.html')]
    pages += [f for b in ('cargo', 'reference') for f in (RUSTDOCS/b).rglob('*.html') if f.name not in ('print.html', 'toc.html', '404.html')]
    return _flat_copy(cache, 'rustdocs', RUSTDOCS, pages)

def awscli_dir(cache):
    "The usage examples of `AWS_SERVICES`, copied flat (`s3api__wait__bucket-exists.rst`)."
    return _flat_copy(cache, 'awscli', AWSCLI, [f for s in AWS_SERVICES for f in (AWSCLI/s).rglob('*.rst')])

def nodejs_dir(cache):
    "Node.js's API reference, a markdown file a module (`all.md`, every module's text again, and the `index.md` of links left out)."
    return _flat_copy(cache, 'nodejs', NODEDOCS, [f for f in sorted(NODEDOCS.glob('*.md')) if f.stem not in ('all', 'index')])

def valgrind_dir(cache):
    "Valgrind's manual, its HTML pages copied into the cache."
    return _flat_copy(cache, 'valgrind', VALGRINDDOCS, sorted(VALGRINDDOCS.glob('*.html')))

def vimhelp_dir(cache):
    "Vim's help files (`doc/*.txt`; the `tags` index and the rest left out), copied into the cache."
    return _flat_copy(cache, 'vimhelp', VIMDOCS, sorted(VIMDOCS.glob('*.txt')))

def half_of(Q, half='all'):
    "The questions of one half: a row's own `half` field, else by position (0-based even = tune, odd = test); 'all' keeps every one."
    if half == 'all': return Q
    return [q for i, q in enumerate(Q) if q.get('half', ('tune', 'test')[i % 2]) == half]

def covers(doc_id, pages, want_doc, want_pages):
    "A result in the question's document (or one of them: a list) whose page range (1-based, inclusive, as results give it) holds an evidence page (0-based in the question files)."
    if doc_id not in listify(want_doc) or not pages or pages[0] is None: return False
    return any(pages[0] <= p + 1 <= pages[1] for p in want_pages)

def sec_covers(s, want_doc, want_pages, section=None, db=None):
    "A section result covers an evidence page when its page range holds one; a document's root (node '#0') only when a passage it shows does. Given the `section` a question's answer is printed under (a heading's text) in its own document (the first of `want_doc`), a result there must also be that section or one inside it (`db`'s tree says); in another document that answers too (`also`), any section counts."
    if section is not None and s['doc_id'] == listify(want_doc)[0]:
        return _sec_covers(s, want_doc, want_pages) and _norm_title(section) in _lineage(db, s['node_id'])
    return _sec_covers(s, want_doc, want_pages)

def _norm_title(t): return ' '.join(re.sub(r'[`*_]', '', t or '').split()).casefold()

def _lineage(db, node_id)->list:
    "The titles of a node and of every node above it (normalised), read from the store's tree."
    out = []
    while node_id is not None:
        r = db.execute('SELECT title, parent_id FROM nodes WHERE id = ?', [node_id]).fetchone()
        if r is None: break
        out.append(_norm_title(r[0])); node_id = r[1]
    return out

def _sec_covers(s, want_doc, want_pages):
    # a root's range is the whole document and holds every page, though its own text is the front matter: 10 of the 85
    # reports questions were counted found through a protocol's root whose passages were its title and signature pages
    if _seq(s['node_id']) == 0: return any(covers(p['doc_id'], p['pages'], want_doc, want_pages) for p in s.get('passages') or ())
    return covers(s['doc_id'], s['pages'], want_doc, want_pages)

def _ids(db, name, cache):
    "{question file's doc stem: doc_id}; the opaque copy's stems mapped back to the files' own."
    ids = dict(db.execute('SELECT title, id FROM docs').fetchall())
    if name != 'filingsopaque': return ids
    return {stem: ids[new] for stem, new in opaque_copy(FILINGS, _opaque_dir(cache)).items()}

def _opaque_dir(cache): return Path(cache or tempfile.gettempdir())/'filings_opaque'

ONE = None      # --one-store: the one store every set is asked of (all corpora together), once it is built
OWN_ONLY = ('rustdocs', 'awscli', 'vimhelp', 'nodejs', 'valgrind', *PDF_SETS)     # sets over corpora found on the machine, outside the one store of the shared corpora

def question_store(name, chunk=None, cache=None):
    "One store holding the whole corpus the question set is about (with --one-store: every corpus); title = file stem, as add_dir names documents."
    global ONE
    if ONE is not None:
        if name == 'filingsopaque': raise SystemExit('--one-store holds the filings under their own names: ask filingsopaque without it')
        if ONE: return ONE
        name = 'all'
    else: name = STORE_OF.get(name, name)
    kw = dict(chunker=Chunker(chunk)) if chunk else {}
    path = ':memory:'
    if cache:        # a database file kept between runs of one configuration (delete it after changing ingest code)
        path = Path(cache)/f"{name}-{chunk or 'default'}-{EMBEDDER.replace(':', '_').replace('/', '_')}.db"
        if path.exists():
            db = database(path); db.glossary(GLOSSARY); ids = _ids(db, name, cache)
            if name == 'all': ONE = (db, ids)
            return db, ids
    db = database(path)
    t = time.perf_counter()
    if name == 'filings': db.add_dir(FILINGS, embedder=enc, **kw)
    elif name == 'filingsopaque': opaque_copy(FILINGS, _opaque_dir(cache)); db.add_dir(_opaque_dir(cache), embedder=enc, **kw)
    elif name == 'reports': db.add_dir(REPORTS, embedder=enc, **kw)
    elif name == 'rustdocs': db.add_dir(rustdocs_dir(cache), embedder=enc, **kw)
    elif name == 'awscli': db.add_dir(awscli_dir(cache), embedder=enc, **kw)
    elif name == 'vimhelp': db.add_dir(vimhelp_dir(cache), embedder=enc, **kw)
    elif name == 'nodejs': db.add_dir(nodejs_dir(cache), embedder=enc, **kw)
    elif name == 'valgrind': db.add_dir(valgrind_dir(cache), embedder=enc, **kw)
    elif name in PDF_SETS: db.add_dir(PDF_SETS[name], embedder=enc, types=['.pdf'], **kw)
    elif name == 'all': db.add_dir(FILINGS, embedder=enc, **kw); db.add_dir(REPORTS, embedder=enc, **kw); ingest(db, eu_pages(), 'store', **kw)
    else: ingest(db, eu_pages(), 'store', **kw)
    db.glossary(GLOSSARY)      # set on every run, so a kept store never carries an earlier run's
    ids = _ids(db, name, cache)
    if name == 'all': ONE = (db, ids)
    print(f'{name}: {len(ids)} documents, {db.t.store.count} chunks, ingested in {time.perf_counter()-t:.1f}s')
    return db, ids

def eval_questions(db, ids, Q, route, leg='hybrid', **kw):
    "Page recall@1/5/10 and MRR@10 of sections() and doc_search(), doc recall@1, top-section span, latency."
    if route is not None: kw['route'] = route
    if leg == 'vector': return _vectors_only(db, ids, Q, kw)
    rs, rd, spans, doc1, ts = [], [], [], [], []
    for it in Q:
        want, pages = [ids[d] for d in [it['doc'], *it.get('also', ())]], it['pages']
        # hybrid: the embedder's vectors passed in; keyword: emb=False; default: emb=None, what the store chooses itself
        e = {'keyword': False, 'default': None, 'scoped': None}.get(leg) if leg != 'hybrid' else enc.query([it['q']])[0]
        sk = dict(kw, doc=want) if leg == 'scoped' else kw      # scoped: the caller names the question's document
        t = time.perf_counter(); secs = db.sections(it['q'], e, limit=10, **sk); ts.append(time.perf_counter() - t)
        rs.append(rank_of(secs, lambda s: sec_covers(s, want, pages, it.get('section'), db)))
        spans.append(secs[0]['pages'][1] - secs[0]['pages'][0] + 1 if secs else None)
        hits = db.doc_search(it['q'], e, limit=10, **sk)
        rd.append(rank_of(hits, lambda h: covers(h['doc_id'], h['pages'], want, pages)))
        if hasattr(db, 'docs') and route != 0 and leg != 'scoped':
            ds = db.docs(it['q'], e, limit=1, **{k: v for k, v in kw.items() if k != 'route'}); doc1.append(bool(ds) and ds[0]['doc_id'] in want)
    return q_metrics(rs, rd, doc1, spans, ts)

def _vectors_only(db, ids, Q, kw):
    "eval_questions with the vector leg alone: RRF weights (0, 1) everywhere, the routed documents' own fusion included (its weights are not a parameter, so they are patched for the run)."
    import litesearch.retrieve as R
    keep = R.leg_weights
    R.leg_weights = lambda fts, vec, *scale: (0.0, 1.0)
    try: return eval_questions(db, ids, Q, kw.get('route'), 'hybrid', weights=(0.0, 1.0))
    finally: R.leg_weights = keep

def q_metrics(rs, rd, doc1, spans, ts):
    "The figures eval_questions reports, from per-question ranks (sections, doc_search), doc hits, top spans and times."
    at = lambda ranks, k: np.mean([1 if r and r <= k else 0 for r in ranks])
    sp = [x for x in spans if x is not None]
    return dict(sec=[at(rs, 1), at(rs, 5), at(rs, 10), mrr_recall(rs)[0]], hit=[at(rd, 1), at(rd, 5), at(rd, 10), mrr_recall(rd)[0]],
                doc1=np.mean(doc1) if doc1 else None, span=statistics.median(sp) if sp else None, ts=ts, per=(rs, rd, doc1, spans))

def q_subset(r, idx):
    "eval_questions' figures over the questions at positions `idx` only (a corpus of the reports set)."
    pick = lambda xs: [xs[i] for i in idx] if xs else xs
    return q_metrics(*map(pick, r['per']), pick(r['ts']))

def run_questions(chunk=None, cache=None, routes=(3, 0), half='all', legs=('hybrid',), sets=None):
    routes = list(routes) if 'route' in inspect.signature(database().sections).parameters else [None]
    for name in sets or QSETS:
        if ONE is not None and name in OWN_ONLY:
            print(f'{name}: not asked of the one store (its corpus is not in it); ask it of its own store with --sets {name}'); continue
        Q = half_of(load_questions(name), half)
        db, ids = question_store(name, chunk, cache)
        if half != 'all': print(f'{name}: half={half}')
        print(f"{len(Q)} questions, {sum(q.get('table', False) for q in Q)} on tables")
        print(f"{'config':<22}{'sections R@1 R@5 R@10 MRR':>34}{'doc_search R@1 R@5 R@10 MRR':>34}{'doc R@1':>9}{'span':>6}{'p50 ms':>8}{'p95 ms':>8}")
        got = {}
        for route, leg in [(r, l) for l in legs for r in routes]:
            r = got[(route, leg)] = eval_questions(db, ids, Q, route, leg)
            label = ('no routing (before)' if route is None else f'route={route}') + {'hybrid': '', 'keyword': ' kw', 'default': ' default', 'vector': ' vec', 'scoped': ' scoped'}[leg]
            f4 = lambda xs: ' '.join(f'{x:5.3f}' for x in xs)
            d1 = '' if r['doc1'] is None else f"{r['doc1']:.3f}"
            print(f"{label:<22}{f4(r['sec']):>34}{f4(r['hit']):>34}{d1:>9}{r['span'] or 0:>6}{pct(r['ts'], 50):8.1f}{pct(r['ts'], 95):8.1f}")
            for c in dict.fromkeys(q['corpus'] for q in Q if 'corpus' in q):      # in the set's own order (ntsb, nih, agency; book, cargo, reference)
                idx = [i for i, q in enumerate(Q) if q.get('corpus') == c]
                rc = q_subset(r, idx); d1 = '' if rc['doc1'] is None else f"{rc['doc1']:.3f}"
                print(f"{'  ' + c + f' ({len(idx)})':<22}{f4(rc['sec']):>34}{f4(rc['hit']):>34}{d1:>9}{rc['span'] or 0:>6}{pct(rc['ts'], 50):8.1f}{pct(rc['ts'], 95):8.1f}")
        for (route, leg), r in got.items():
            if leg != 'keyword' and (route, 'keyword') in got:
                print(f"  {leg} against keywords alone, route={route}: {paired(r['per'][0], got[(route, 'keyword')]['per'][0])}")
        if ONE is None: db.close()

def paired(a, b, n=2000, seed=0):
    "How two rankings of the same questions differ: questions up and down by reciprocal rank, the two-sided sign test's p, and a bootstrap 95% interval of the MRR difference."
    ra, rb = (np.array([1 / r if r else 0.0 for r in x]) for x in (a, b))
    d = ra - rb; up, down = int((d > 0).sum()), int((d < 0).sum())
    k, m = min(up, down), up + down
    p = min(1.0, 2 * sum(math.comb(m, i) for i in range(k + 1)) / 2 ** m) if m else 1.0
    idx = np.random.default_rng(seed).integers(0, len(d), (n, len(d)))
    lo, hi = np.percentile(d[idx].mean(axis=1), [2.5, 97.5]) if len(d) else (0.0, 0.0)
    return f'MRR {d.mean():+.3f} (95% {lo:+.3f} .. {hi:+.3f}), {up} questions up, {down} down, sign test p={p:.2f}'

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--suite', default='known,questions', help='known (copied passages) and/or questions (real questions)')
    ap.add_argument('--seeds', default='3,11', help='comma-separated sample seeds')
    ap.add_argument('--chunk', type=int, default=None, help='chunk size for the question stores (default: the library default)')
    ap.add_argument('--cache', default=None, help='folder to keep the question stores in between runs')
    ap.add_argument('--routes', default='3,0', help='route= values to compare on the question sets')
    ap.add_argument('--half', default='all', choices=('tune', 'test', 'all'), help='which half of every question set to ask (see the docstring)')
    ap.add_argument('--legs', default='hybrid', help="hybrid (vectors passed in), keyword (emb=False), vector (the vector leg alone), default (emb=None: the store chooses) and/or scoped (emb=None, doc= the question's own document) on the question sets")
    ap.add_argument('--sets', default=None, help='question sets to ask (default: filings, eu, euparaphrase, reports, analyst; also filingsopaque)')
    ap.add_argument('--glossary', default='auto', help="the question stores' glossary (db.glossary): auto (the default: what a store does by itself), finance, or none")
    ap.add_argument('--one-store', action='store_true', help='ask every set of one store holding all the corpora (filings, reports, EU acts): look-alikes of every kind, and the glossary a mixed store chooses')
    ap.add_argument('--embedder', default=None, help='litesearch embedder spec: hash, hash:DIM, static:ID|FOLDER, onnx:ID|FOLDER, module:function (default: hash)')
    a = ap.parse_args()
    if a.embedder: enc = load_embedder(a.embedder)
    print(f"embedder {enc.spec or enc.name}, {enc.dim} dims")   # also loads a model before ingest is timed
    EMBEDDER = a.embedder or 'hash_embed'
    GLOSSARY = {} if a.glossary == 'none' else a.glossary
    if a.one_store: ONE = False
    if 'questions' in a.suite: run_questions(a.chunk, a.cache, [int(r) for r in a.routes.split(',')], a.half, a.legs.split(','), a.sets and a.sets.split(','))
    if 'known' not in a.suite: raise SystemExit
    pages = eu_pages()
    db = database()
    t = time.perf_counter(); ingest(db, pages, 'store'); ingest(db, pages, 'plain', mode='window', window=1, with_heading=False)
    print(f'ingested 2 x {sum(len(p) for p in pages.values())} pages in {time.perf_counter()-t:.1f}s; '
          f'{db.t.store.count} node-scoped chunks, {db.t.plain.count} plain (page-window) chunks')
    lat = {}
    for seed in [int(x) for x in a.seeds.split(',')]:
        Q = half_of(make_queries(db, seed=seed), a.half)
        print(f'\nseed {seed}: {len(Q)} known-item passages x 3 variants')
        print(f"{'config':<26}" + ''.join(f'{k:>20}' for k in ('verbatim', 'degraded', 'keyword')))
        print(f"{'':<26}" + ''.join(f"{'MRR@10  R@10':>20}" for _ in range(3)))
        for name, mk, judge, store in CONFIGS:
            row = f'{name:<26}'
            for kind in ('verbatim', 'degraded', 'keyword'):
                m, r, ts, cs = evaluate(db, Q, kind, mk(db), JUDGES[judge], store)
                w, c = lat.setdefault(name, ([], []))
                w.extend(ts); c.extend(cs)
                row += f'{m:>12.3f}{r:>8.3f}'
            print(row)
    print()
    for name in ('sections score=max', 'doc_search node-scoped'):
        w, c = lat[name]
        print(f'latency {name:<24} wall p50 {pct(w, 50):6.2f} ms  p95 {pct(w, 95):6.2f} ms | '
              f'cpu p50 {pct(c, 50):6.2f} ms  p95 {pct(c, 95):6.2f} ms   ({len(w)} queries)')
