"""Ingest throughput: the EU corpus (8 PDFs, 486 pages) serial and with 2 parse workers, and 150 generated markdown files.

Each run is a fresh Python process (so imports, page cache aside, and peak RSS are its own) writing a fresh database
file with `database(path, embedder=SPEC)` and `add_dir(...)`, which embeds with the recorded embedder (`--embedder`,
default `hash`: hash_embed at 256 dims; any litesearch spec, e.g. a static model folder from bench/static_model.py). `add_dir`'s `.stats` times each stage: parse (summed over workers),
tree+chunk (build_tree and chunking inside add_doc), embed, write (chunk rows + FTS triggers), index (ANN sync, FTS
rebuild). pymupdf is imported as litesearch does (without its ONNX layout model and pymupdf4llm); it is timed on its
own line, and is paid once a process.

'EU PDFs, serial, no refs' is the serial run with `db.ref_indexing(False)`: what the graph layer's reference extraction costs.

Run: python bench/ingest.py [--embedder SPEC] [--only EU]     (from the project root; --only keeps the runs whose name starts so)
"""
import json, os, random, resource, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EU = ROOT.parent/'shared'/'data'/'eu'
WORDS = ('saturn jupiter transit house moon sign dasha remedy graha yoga aspect return period phase orbit retrograde '
         'nakshatra ascendant lord strength benefic malefic exalted debilitated conjunction opposition trine').split()

def make_markdown(d:Path, n=150, seed=0):
    "n markdown files of 2-12 KB: a title, sections and subsections of prose."
    rng = random.Random(seed)
    para = lambda: ' '.join(rng.choice(WORDS) for _ in range(rng.randint(40, 120))).capitalize() + '.'
    for i in range(n):
        out = [f'# Note {i}']
        for s in range(rng.randint(2, 5)):
            out.append(f'## Section {s}')
            for _ in range(rng.randint(1, 3)): out.append(para())
            for u in range(rng.randint(0, 2)): out += [f'### Part {s}.{u}', para()]
        (d/f'note_{i:03}.md').write_text('\n\n'.join(out))

def run(src, workers, spec='hash'):
    "One ingest in this process; prints a JSON line of figures."
    t = time.perf_counter(); import litesearch; t_lib = time.perf_counter() - t
    from litesearch.embed import load_embedder
    t = time.perf_counter(); load_embedder(spec).dim; t_emb = time.perf_counter() - t      # the model loads before the ingest is timed
    t_pdf = None
    if src.startswith('eu'):
        from litesearch.data import _pymupdf     # as litesearch imports it: without the layout model and pymupdf4llm
        t = time.perf_counter(); _pymupdf(); t_pdf = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        if src == 'md': path = Path(tmp)/'md'; path.mkdir(); make_markdown(path)
        else: path = EU
        db = litesearch.database(Path(tmp)/'bench.db', embedder=spec)
        if src == 'eu-norefs': db.ref_indexing(False)      # the graph layer's reference extraction switched off
        t = time.perf_counter()
        res = db.add_dir(path, n_workers=workers, progress=False)
        wall = time.perf_counter() - t
        errs = [r for r in res if 'error' in r]
        db.close()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps(dict(res.stats, wall=wall, import_lib=t_lib, import_pymupdf=t_pdf, load_embedder=t_emb, rss_mb=rss, child_rss_mb=kids, errors=len(errs))))

def main(spec='hash', only=None):
    runs = [('eu', 0, 'EU PDFs, serial'), ('eu-norefs', 0, 'EU PDFs, serial, no refs'), ('eu', 2, 'EU PDFs, n_workers=2'), ('eu', None, 'EU PDFs, n_workers=None'),
            ('md', 0, '150 markdown, serial'), ('md', None, '150 markdown, n_workers=None')]
    runs = [r for r in runs if not only or r[2].startswith(only)]
    print(f'cpus: {os.cpu_count()}   corpus: {EU}   embedder: {spec}')
    rows = []
    for src, w, name in runs:
        out = subprocess.run([sys.executable, __file__, '--run', src, str(w), spec], capture_output=True, text=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
        if out.returncode: print(name, 'FAILED\n', out.stderr[-2000:]); continue
        rows.append((name, json.loads(out.stdout.strip().splitlines()[-1])))
    hdr = f"{'run':<26}{'files':>6}{'pages':>6}{'chunks':>7}{'wkrs':>5}{'wall s':>8}{'parse':>7}{'tree+chunk':>11}{'embed':>7}{'write':>7}{'index':>7}{'pages/s':>9}{'chunks/s':>9}{'RSS MB':>8}{'worker MB':>10}"
    print(hdr); print('-' * len(hdr))
    for name, s in rows:
        print(f"{name:<26}{s['files']:>6}{s['pages']:>6}{s['chunks']:>7}{s['workers']:>5}{s['wall']:>8.2f}{s['parse_s']:>7.2f}{s['tree_s']:>11.2f}"
              f"{s['embed_s']:>7.2f}{s['write_s']:>7.2f}{s['index_s']:>7.2f}{s['pages']/s['wall']:>9.0f}{s['chunks']/s['wall']:>9.0f}"
              f"{s['rss_mb']:>8.0f}{s['child_rss_mb']:>10.0f}")
    for name, s in rows:
        if s['import_pymupdf'] is not None: print(f"{name:<26} before the ingest: import litesearch {s['import_lib']:.2f}s, import pymupdf {s['import_pymupdf']:.2f}s; errors {s['errors']}")
    for name, s in rows:
        print(f"{name:<26} embedder {spec}: loaded in {s['load_embedder']:.2f}s, embedded {s['chunks']} chunks in {s['embed_s']:.2f}s ({s['chunks']/max(s['embed_s'], 1e-9):,.0f} chunks/s)")
    print('parse is summed over workers (CPU seconds); wall is the add_dir call; the slowest stage is the largest column.')
    refs = dict(rows)
    if 'EU PDFs, serial' in refs and 'EU PDFs, serial, no refs' in refs:
        a, b = refs['EU PDFs, serial'], refs['EU PDFs, serial, no refs']
        print(f"reference extraction (graph layer) on the EU PDFs: write {a['write_s']:.2f}s with, {b['write_s']:.2f}s without (db.ref_indexing(False)); "
              f"wall {a['wall']:.2f}s vs {b['wall']:.2f}s; without parsing {a['wall'] - a['parse_s']:.2f}s vs {b['wall'] - b['parse_s']:.2f}s")

if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--run': run(sys.argv[2], None if sys.argv[3] == 'None' else int(sys.argv[3]), *sys.argv[4:5])
    else:
        import argparse
        ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
        ap.add_argument('--embedder', default='hash', help='litesearch embedder spec (default: hash, hash_embed at 256 dims)')
        ap.add_argument('--only', default=None, help="run only the runs whose name starts with this, e.g. 'EU'")
        a = ap.parse_args()
        main(a.embedder, a.only)
