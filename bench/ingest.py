"""Ingest throughput: the EU corpus (8 PDFs, 486 pages) serial and with 2 parse workers, and 150 generated markdown files.

Each run is a fresh Python process (so imports, page cache aside, and peak RSS are its own) writing a fresh database
file with `add_dir(..., emb_fn=hash_embed 256)`. `add_dir`'s `.stats` times each stage: parse (summed over workers),
tree+chunk (build_tree and chunking inside add_doc), embed, write (chunk rows + FTS triggers), index (ANN sync, FTS
rebuild). pymupdf is imported as litesearch does (without its ONNX layout model and pymupdf4llm); it is timed on its
own line, and is paid once a process.

Run: python bench/ingest.py            (from the project root)
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

def run(src, workers):
    "One ingest in this process; prints a JSON line of figures."
    t = time.perf_counter(); import litesearch; from litesearch.utils import hash_embed; t_lib = time.perf_counter() - t
    t_pdf = None
    if src == 'eu':
        from litesearch.data import _pymupdf     # as litesearch imports it: without the layout model and pymupdf4llm
        t = time.perf_counter(); _pymupdf(); t_pdf = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        if src == 'md': path = Path(tmp)/'md'; path.mkdir(); make_markdown(path)
        else: path = EU
        db = litesearch.database(Path(tmp)/'bench.db')
        t = time.perf_counter()
        res = db.add_dir(path, emb_fn=lambda ts: hash_embed(ts, 256), n_workers=workers, progress=False)
        wall = time.perf_counter() - t
        errs = [r for r in res if 'error' in r]
        db.close()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps(dict(res.stats, wall=wall, import_lib=t_lib, import_pymupdf=t_pdf, rss_mb=rss, child_rss_mb=kids, errors=len(errs))))

def main():
    runs = [('eu', 0, 'EU PDFs, serial'), ('eu', 2, 'EU PDFs, n_workers=2'), ('eu', None, 'EU PDFs, n_workers=None'),
            ('md', 0, '150 markdown, serial'), ('md', None, '150 markdown, n_workers=None')]
    print(f'cpus: {os.cpu_count()}   corpus: {EU}')
    rows = []
    for src, w, name in runs:
        out = subprocess.run([sys.executable, __file__, '--run', src, str(w)], capture_output=True, text=True, cwd=ROOT,
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
    print('parse is summed over workers (CPU seconds); wall is the add_dir call; the slowest stage is the largest column.')

if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--run': run(sys.argv[2], None if sys.argv[3] == 'None' else int(sys.argv[3]))
    else: main()
