"""`sections()` latency on a question store, this checkout against another, each question asked of both in turn.

Two worker processes, one importing this checkout's litesearch and one `--ref`'s, open the same store (kept with `--cache`,
as bench/quality.py writes it); the parent hands them the questions of `--sets` one at a time, alternately and in random
order, and each times its own call. A shared machine's noise then falls on both alike: timings from separate runs of
bench/quality.py spread by 15% here, more than the changes they compare. Prints each side's p50 / p95 and the median of
the per-question ratios (this / ref). One pass asks each question once, as a user does; a second pass finds each
question's term statistics cached, and its calls are faster.

`--calls docs` times `docs(q)` instead; `--calls all` times `sections`, `search` and `docs` of each question in turn, as an
agent asks one question of several tools (a question asked again of another tool finds what the first call kept).

`--ref-cache DIR2` has the ref side open the store in DIR2 instead: a store written by other code (or by this checkout
before a change to what ingest writes) against DIR's, `--ref` then naming this checkout or another.

Run: python bench/latency.py --embedder minilm --cache DIR --ref /tmp/base [--sets filings,analyst] [--reps 1] [--calls sections|docs|all]
     [--ref-cache DIR2]
     (DIR holding the store quality.py built: python bench/quality.py --suite questions --embedder minilm --cache DIR --sets filings)
"""
import sys, os, json, random, statistics, subprocess, tempfile, argparse
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from _corpus import pct      # milliseconds, as every bench prints them

_WORKER = '''
import sys, json, time, warnings
warnings.filterwarnings('ignore')
sys.path.insert(0, {bench!r})
import litesearch, quality as Q
if {embedder!r}: Q.enc = Q.load_embedder({embedder!r}); Q.EMBEDDER = {embedder!r}
db, ids = Q.question_store({store!r}, None, {cache!r})
print(json.dumps(litesearch.__file__), flush=True)
calls = dict(sections=lambda q: db.sections(q, None, limit=10), docs=lambda q: db.docs(q, None, limit=5),
             all=lambda q: (db.sections(q, None, limit=10), db.search(q, None, limit=10), db.docs(q, None, limit=5)))[{calls!r}]
for line in sys.stdin:
    q = json.loads(line)
    t = time.perf_counter(); calls(q); t = time.perf_counter() - t
    time.sleep(0.02)      # an ONNX model's threads spin a while after a run: idle before the other side's turn
    print(json.dumps(t), flush=True)
'''

def worker(path, embedder, store, cache, calls='sections'):
    "A process with `path`'s litesearch first on its path, its store open; returns (process, the litesearch it imported)."
    code = _WORKER.format(bench=str(BENCH), embedder=embedder, store=store, cache=cache, calls=calls)
    env = dict(os.environ, PYTHONPATH=path)
    # run outside the checkout: `python -c` puts the working directory first on sys.path, ahead of PYTHONPATH
    p = subprocess.Popen([sys.executable, '-c', code], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tempfile.gettempdir())
    mod = json.loads(p.stdout.readline())
    assert Path(mod).resolve().is_relative_to(Path(path).resolve()), f'imported {mod}, expected the litesearch under {path}'
    return p, mod

def ask(p, q)->float:
    p.stdin.write(json.dumps(q) + '\n'); p.stdin.flush()
    return json.loads(p.stdout.readline())

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--ref', required=True, help='a litesearch checkout (the folder holding its `litesearch/`) to compare against')
    ap.add_argument('--cache', required=True, help="the folder holding the question store (quality.py's --cache)")
    ap.add_argument('--embedder', default=None, help='the store\'s embedder spec, as quality.py took it (default: hash)')
    ap.add_argument('--sets', default='filings,analyst', help='question sets asked; every one must live in the same store')
    ap.add_argument('--reps', type=int, default=1, help='passes over the questions (past the first, each question finds its term statistics cached)')
    ap.add_argument('--calls', default='sections', choices=('sections', 'docs', 'all'), help='what is timed per question: sections(), docs(), or sections, search and docs in turn')
    ap.add_argument('--ref-cache', default=None, help="the folder holding the ref side's store (default: --cache's)")
    a = ap.parse_args()
    import quality as Q
    sets = a.sets.split(',')
    stores = {Q.STORE_OF.get(s, s) for s in sets}
    if len(stores) != 1: raise SystemExit(f'--sets {a.sets}: their questions live in stores {sorted(stores)}; name sets of one store')
    qs = [q['q'] for s in sets for q in Q.load_questions(s)]
    store = stores.pop()
    # both workers would build a missing store at once, into one file: it is built first, by quality.py
    spec = (a.embedder or 'hash_embed').replace(':', '_').replace('/', '_')
    caches = dict(this=a.cache, ref=a.ref_cache or a.cache)
    for c in set(caches.values()):
        if not (Path(c)/f'{store}-default-{spec}.db').exists():
            raise SystemExit(f"no {store} store in {c}: build it first with python bench/quality.py --suite questions "
                             f"--sets {sets[0]} --cache {c}" + (f' --embedder {a.embedder}' if a.embedder else ''))
    sides = {k: worker(path, a.embedder, store, caches[k], a.calls) for k, path in (('this', str(BENCH.parent)), ('ref', a.ref))}
    for k, (_, mod) in sides.items(): print(f'{k}: {mod}' + (f' (store in {caches[k]})' if a.ref_cache else ''))
    # warm both (the matrix, the caches, the model) on the first questions reworded: asked word for word, they would
    # find their embeddings kept (`Embedder.query`) when timed
    for q in qs[:10]:
        for p, _ in sides.values(): ask(p, q + ' (warm-up)')
    t = {'this': [], 'ref': []}
    rng = random.Random(0)
    for _ in range(a.reps):
        for q in qs:
            order = list(sides); rng.shuffle(order)
            for k in order: t[k].append(ask(sides[k][0], q))
    what = {'sections': 'sections()', 'docs': 'docs()', 'all': 'sections+search+docs'}[a.calls]
    for k in ('this', 'ref'): print(f'{k:<5} {what} p50 {pct(t[k], 50):6.2f} ms  p95 {pct(t[k], 95):6.2f} ms  ({len(t[k])} asks)')
    print(f'median per-question ratio this/ref {statistics.median(x / y for x, y in zip(t["this"], t["ref"])):.3f}')
    for p, _ in sides.values(): p.stdin.close(); p.wait()
