"Shared helpers for the benchmarks: the EU corpus as pages, synthetic chunks drawn from its words, timing."
import re, time, random, os
from pathlib import Path
import numpy as np

# the corpora sit beside the repository; a git worktree sits elsewhere: LITESEARCH_DATA points at them (as in trees.py)
DATA = Path(os.environ.get('LITESEARCH_DATA') or Path(__file__).resolve().parent.parent.parent/'shared'/'data')
EU = DATA/'eu'

def eu_pages():
    from litesearch.data import pdf_parse
    return {p.stem: pdf_parse(p) for p in sorted(EU.glob('*.pdf'))}

def eu_words():
    return re.findall(r"[A-Za-z][A-Za-z'-]+|\d+", ' '.join(t for ps in eu_pages().values() for _, t in ps))

def synthetic_chunks(n, words, seed=0, size=(40, 90)):
    "n chunk texts: random windows of the EU corpus' running text (realistic term statistics)."
    rng = random.Random(seed); W = len(words)
    out = []
    for _ in range(n):
        k = rng.randint(*size); i = rng.randrange(0, W - k)
        out.append(' '.join(words[i:i+k]))
    return out

def pct(xs, p): return float(np.percentile(np.asarray(xs) * 1000, p))

def timed(fn, qs):
    ts = []
    for q in qs:
        t = time.perf_counter(); fn(q); ts.append(time.perf_counter() - t)
    return ts
