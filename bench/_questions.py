"""Question sets for the retrieval benchmarks: `load_questions('filings')` reads bench/questions_filings.jsonl.

Each line is one question: id, q (the question as an analyst would ask it, naming company and period), doc (the
file stem of the PDF that answers it), pages (0-based page numbers as pymupdf counts them, primary evidence first,
at most 4), answer (short), table (the evidence is a table), kind (metric, ratio, narrative, yesno).
The reports set (bench/questions_reports.jsonl) adds corpus (ntsb, nih, agency) and half (tune, test), and its kinds
are fact, number, narrative, where. The analyst set (bench/questions_analyst.jsonl, held out) has the filings fields plus half
and is asked of the filings PDFs. How the sets were built is told in bench/questions_README.md; bench/check_questions.py
checks a set.
"""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent/'shared'/'data'
CORPORA = {'filings': DATA/'filings', 'eu': DATA/'eu',
           'ntsb': DATA/'reports'/'ntsb', 'nih': DATA/'reports'/'nih', 'agency': DATA/'reports'/'agency'}   # the last three: the reports set

def questions_path(name): return Path(name) if str(name).endswith('.jsonl') else HERE/f'questions_{name}.jsonl'

def load_questions(name):
    "The question set `name` ('filings', 'eu', 'reports', 'analyst', or a path to a .jsonl file) as a list of dicts."
    return [json.loads(l) for l in questions_path(name).read_text().splitlines() if l.strip()]

def doc_path(doc):
    "The PDF a question's `doc` stem names, looked up in every corpus folder (None if absent)."
    for d in CORPORA.values():
        if (p := d/f'{doc}.pdf').exists(): return p
