"""Check a question set (bench/questions_filings.jsonl, bench/questions_eu.jsonl, ...) against its PDFs.

Schema: ids unique; q, doc, answer non-empty strings; doc a PDF stem in ../shared/data/filings, ../shared/data/eu or
../shared/data/reports/{ntsb,nih,agency}; pages a non-empty list of at most 4 distinct page numbers inside the document
(0-based, as pymupdf counts them); table a bool; kind one of metric, ratio, narrative, yesno, definition, number, fact, where.
Evidence: for a metric question, every number in the answer (commas stripped, so "(1,269)" is 1269 and "14.4%" is
14.4) must occur as a number on at least one of its listed pages. Ratios are derived, narratives paraphrased: those
are not machine-checked (their pages were read when the set was written).
Rows with a `corpus` field (the reports set) are checked harder: corpus is ntsb, nih or agency and is the folder the
PDF is in; half is tune or test; the answer string itself must occur on at least one listed page (both compared
case-folded, whitespace collapsed, a hyphen broken across a line joined, curly quotes straightened); and the question
must not copy the page: no run of 8 or more consecutive words of q may occur on a listed page.
The analyst set (bench/questions_analyst.jsonl, rows with `half` and no `corpus`) is checked harder too: doc is a PDF of
../shared/data/filings; kind is metric, ratio, narrative or yesno; half is tune or test; q copies no run of 8 or more
consecutive words of a listed page; and q names no statement by its printed title ("statements of operations", "balance
sheet", "statement of cash flows", "statements of income", ...): analysts' own words only ("P&L", "top line", "capex").
Paraphrased passages (kind 'passage', bench/questions_euparaphrase.jsonl): the passage (the answer) must occur on a
listed page (12 consecutive words of it), and q must restate it: no run of 5 consecutive words of the passage.
Prints counts per document, per kind and the table share, the corpus documents without a question, then each
failure; exits 1 if any.

Run: python bench/check_questions.py [filings|eu|reports|analyst|path.jsonl ...]   (default: filings, and eu, euparaphrase, reports, analyst, ratios, blindfilings and blindreports when they exist)
"""
import re, sys, unicodedata
from collections import Counter
import pymupdf
from _questions import load_questions, questions_path, doc_path, CORPORA

KINDS = {'metric', 'ratio', 'narrative', 'yesno', 'definition', 'number', 'fact', 'where', 'passage'}   # filings use the first four, the EU set adds definition and number, the reports set uses fact, number, narrative, where; the paraphrased passages are 'passage'
NUM = re.compile(r'\d[\d,]*(?:\.\d+)?')
REPORT_CORPORA, HALVES, COPY_RUN = ('ntsb', 'nih', 'agency'), ('tune', 'test'), 8
ANALYST_KINDS = ('metric', 'ratio', 'narrative', 'yesno')
# a financial statement's printed title (or its plain variants), which an analyst's question must not name
STATEMENT_TITLE = re.compile(r"\bstatements? of (?:consolidated )?(?:operations|income|earnings|cash ?flows?|comprehensive (?:income|loss)|"
                             r"financial condition|(?:stockholders|shareholders)[’']? (?:equity|deficit))\b|\bbalance ?sheets?\b", re.I)

def numbers(s):
    "The numbers written in `s`, commas dropped, trailing zeros after a decimal point kept as written."
    return {m.group().replace(',', '') for m in NUM.finditer(s)}

def norm_text(s):
    "Text compared for answer strings: NFKC, curly quotes straightened, soft hyphens dropped, case-folded, whitespace collapsed, 'IO-\\n470' joined."
    s = unicodedata.normalize('NFKC', s).translate({0x2018: "'", 0x2019: "'", 0x201c: '"', 0x201d: '"', 0xad: None})
    return re.sub(r'-\s+', '-', ' '.join(s.casefold().split()))

def words(s): return re.findall(r'[a-z0-9]+', s.casefold())

def copied_run(q, text):
    "The longest run of consecutive words of `q` that occurs in `text` (as words), as a string."
    tw, qw, best = ' ' + ' '.join(words(text)) + ' ', words(q), ''
    for i in range(len(qw)):
        j = i + len(best.split()) + 1
        while j <= len(qw) and f" {' '.join(qw[i:j])} " in tw: best = ' '.join(qw[i:j]); j += 1
    return best

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
    if 'corpus' in r: errs += check_report_row(r, texts, pages)
    elif 'half' in r: errs += check_analyst_row(r, texts, pages)
    if r.get('kind') == 'passage': errs += check_passage_row(r, texts, pages)
    return errs

def check_passage_row(r, texts, pages):
    "A paraphrased passage: its text (the answer) is on a listed page, and q restates it in other words (no 5-word run of it)."
    errs = []
    if not any(len(copied_run(r['answer'], texts[p]).split()) >= 12 for p in pages): errs.append(f'passage not on pages {pages}')
    if len(run := copied_run(r['q'], r['answer']).split()) >= 5: errs.append(f'q copies {len(run)} words of its passage')
    return errs

def copy_errs(r, texts, pages):
    "q must not copy its page: a run of COPY_RUN or more consecutive words of q found on a listed page."
    if not isinstance(r.get('q'), str): return []
    run = max((copied_run(r['q'], texts[p]) for p in pages), key=lambda s: len(s.split()))
    return [f'q copies {len(run.split())} words of its page: {run!r}'] if len(run.split()) >= COPY_RUN else []

def check_analyst_row(r, texts, pages):
    "The analyst set's extra checks: a filings PDF, its four kinds, half, no page copied into q, no statement title named in q."
    errs = []
    if doc_path(r['doc']).parent != CORPORA['filings']: errs.append(f'doc {r["doc"]!r} is not in {CORPORA["filings"]}')
    if r.get('kind') not in ANALYST_KINDS: errs.append(f'kind {r.get("kind")!r} not in {ANALYST_KINDS}')
    if r.get('half') not in HALVES: errs.append(f'half {r.get("half")!r} not in {HALVES}')
    errs += copy_errs(r, texts, pages)
    if isinstance(r.get('q'), str) and (m := STATEMENT_TITLE.search(r['q'])): errs.append(f'q names a statement by its title: {m.group()!r}')
    return errs

def check_report_row(r, texts, pages):
    "The reports set's extra checks: corpus and half, the answer string on a listed page, no sentence copied into q."
    errs = []
    if r['corpus'] not in REPORT_CORPORA: errs.append(f'corpus {r["corpus"]!r} not in {REPORT_CORPORA}')
    elif doc_path(r['doc']).parent.name != r['corpus']: errs.append(f'doc is in {doc_path(r["doc"]).parent.name}/, not {r["corpus"]}/')
    if r.get('half') not in HALVES: errs.append(f'half {r.get("half")!r} not in {HALVES}')
    if isinstance(r.get('answer'), str) and not any(norm_text(r['answer']) in norm_text(texts[p]) for p in pages):
        errs.append(f'answer {r["answer"]!r} not on pages {pages}')
    return errs + copy_errs(r, texts, pages)

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
    if any('corpus' in r for r in rows):
        for c in REPORT_CORPORA:
            rc = [r for r in rows if r.get('corpus') == c]
            print(f'  {c}: {len(rc)} questions, {len({r["doc"] for r in rc})} documents, {sum(r.get("table") is True for r in rc)} on tables, '
                  f'tune {sum(r.get("half") == "tune" for r in rc)} / test {sum(r.get("half") == "test" for r in rc)}')
    if any('half' in r and 'corpus' not in r for r in rows):
        for k in ANALYST_KINDS:
            rk = [r for r in rows if r.get('kind') == k]
            print(f'  {k}: {len(rk)} questions, {sum(r.get("table") is True for r in rk)} on tables, '
                  f'tune {sum(r.get("half") == "tune" for r in rk)} / test {sum(r.get("half") == "test" for r in rk)}')
        print(f'  all: tune {sum(r.get("half") == "tune" for r in rows)} / test {sum(r.get("half") == "test" for r in rows)}')
    for i, e in fails: print(f'FAIL {i}: {e}')
    print(f'{len(fails)} failures')
    return len(fails)

if __name__ == '__main__':
    names = sys.argv[1:] or ['filings'] + [n for n in ('eu', 'euparaphrase', 'reports', 'analyst', 'ratios', 'blindfilings', 'blindreports') if questions_path(n).exists()]
    sys.exit(1 if sum(check(n) for n in names) else 0)
