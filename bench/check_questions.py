"""Check a question set (bench/questions_filings.jsonl, bench/questions_eu.jsonl, ...) against its PDFs.

Schema: ids unique; q, doc, answer non-empty strings; doc a PDF stem in ../shared/data/filings or ../shared/data/eu;
pages a non-empty list of at most 4 distinct page numbers inside the document (0-based, as pymupdf counts them);
table a bool; kind one of metric, ratio, narrative, yesno.
Evidence: for a metric question, every number in the answer (commas stripped, so "(1,269)" is 1269 and "14.4%" is
14.4) must occur as a number on at least one of its listed pages. Ratios are derived, narratives paraphrased: those
are not machine-checked (their pages were read when the set was written).
Prints counts per document, per kind and the table share, the corpus documents without a question, then each
failure; exits 1 if any.

Run: python bench/check_questions.py [filings|eu|path.jsonl ...]   (default: filings, and eu when it exists)
"""
import re, sys
from collections import Counter
import pymupdf
from _questions import load_questions, questions_path, doc_path, CORPORA

KINDS = {'metric', 'ratio', 'narrative', 'yesno', 'definition', 'number'}   # filings use the first four, the EU set adds the last two
NUM = re.compile(r'\d[\d,]*(?:\.\d+)?')

def numbers(s):
    "The numbers written in `s`, commas dropped, trailing zeros after a decimal point kept as written."
    return {m.group().replace(',', '') for m in NUM.finditer(s)}

_pages = {}
def page_texts(doc):
    if doc not in _pages:
        with pymupdf.open(doc_path(doc)) as d: _pages[doc] = [p.get_text() for p in d]
    return _pages[doc]

def check_row(r, seen):
    "The list of problems with one question (empty when it passes)."
    errs = []
    for k in ('id', 'q', 'doc', 'answer'):
        if not isinstance(r.get(k), str) or not r[k].strip(): errs.append(f'{k} missing or empty')
    if r.get('id') in seen: errs.append('duplicate id')
    if r.get('kind') not in KINDS: errs.append(f'kind {r.get("kind")!r} not in {sorted(KINDS)}')
    if not isinstance(r.get('table'), bool): errs.append('table is not a bool')
    pages = r.get('pages')
    if not (isinstance(pages, list) and 1 <= len(pages) <= 4 and all(isinstance(p, int) for p in pages)
            and len(set(pages)) == len(pages)):
        return errs + [f'pages {pages!r} is not a list of 1 to 4 distinct ints']
    if not isinstance(r.get('doc'), str) or doc_path(r['doc']) is None: return errs + [f'no PDF for doc {r.get("doc")!r}']
    texts = page_texts(r['doc'])
    if bad := [p for p in pages if not 0 <= p < len(texts)]: return errs + [f'pages {bad} outside 0..{len(texts)-1}']
    if r.get('kind') == 'metric' and isinstance(r.get('answer'), str):
        on_pages = set().union(*(numbers(texts[p]) for p in pages))
        if missing := sorted(numbers(r['answer']) - on_pages): errs.append(f'answer numbers {missing} not on pages {pages}')
        if not numbers(r['answer']): errs.append('metric answer holds no number')
    return errs

def check(name):
    "Check one question set; print its summary and failures; return the number of failures."
    rows = load_questions(name)
    seen, fails = set(), []
    for r in rows:
        fails += [(r.get('id'), e) for e in check_row(r, seen)]
        seen.add(r.get('id'))
    docs, kinds = Counter(r.get('doc') for r in rows), Counter(r.get('kind') for r in rows)
    ntab = sum(r.get('table') is True for r in rows)
    print(f'== {questions_path(name)}: {len(rows)} questions, {len(docs)} documents')
    print('per kind:', dict(sorted(kinds.items())))
    print(f'table: {ntab}/{len(rows)} = {ntab/max(len(rows),1):.2f}')
    print('per document:')
    for d, n in sorted(docs.items()): print(f'  {n:3d}  {d}')
    folders = {doc_path(d).parent for d in docs if doc_path(d)}
    corpus = {p.stem for f in folders for p in f.glob('*.pdf')}
    print('corpus documents without a question:', sorted(corpus - set(docs)) or 'none')
    print('documents with fewer than 2 questions:', sorted(d for d, n in docs.items() if n < 2) or 'none')
    for i, e in fails: print(f'FAIL {i}: {e}')
    print(f'{len(fails)} failures')
    return len(fails)

if __name__ == '__main__':
    names = sys.argv[1:] or ['filings'] + (['eu'] if questions_path('eu').exists() else [])
    sys.exit(1 if sum(check(n) for n in names) else 0)
