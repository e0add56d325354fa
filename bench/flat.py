"""The largest sections of the trees each corpus gets, in every format (issue 24's flat trees, beyond PDFs).

`bench/trees.py` judges PDF trees against outlines and a filing's Items; a text file, an HTML page or a markdown file has no
outline to judge against, and a tree that is one section is what goes wrong there: Valgrind's NEWS (a text file set in HTML)
was one section of 275 chunks and Vim's user manual had no sections at all until session 39. This reads each corpus as ingest
does (`data.file_pages`, `structure.build_tree`; nothing embedded) and prints, per corpus: files, nodes per file, the share of
the text no heading holds (the root's own), the sections holding more than `--big` characters (about `--big`/800 chunks), and
the `--top` largest sections with their files, to read by eye: a big section is a tree to look at, not always a wrong one (a
correlation table, an exhibit's credit agreement).

Corpora: the shared PDFs (filings, eu, reports), and where this machine has them Valgrind's HTML manual, Vim's help (text),
Node.js's API reference (markdown), the Rust Book and Cargo Book and Reference (HTML), the AWS CLI's examples
(reStructuredText): the corpora of bench/quality.py's question sets.

Run: python bench/flat.py [--only vim,valgrind] [--top 5] [--big 40000]   (from the project root)
"""
import sys, argparse, warnings
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent))
import quality as Q
from litesearch.data import file_pages
from litesearch.structure import build_tree

def corpora()->dict:
    "name -> the files of each corpus found on this machine."
    out = {'filings': sorted(Q.FILINGS.glob('*.pdf')), 'eu': sorted((Q.DATA/'eu').glob('*.pdf')), 'reports': sorted(Q.REPORTS.rglob('*.pdf'))}
    if (Q.VALGRINDDOCS/'mc-manual.html').is_file(): out['valgrind'] = sorted(Q.VALGRINDDOCS.glob('*.html'))
    if (Q.VIMDOCS/'usr_01.txt').is_file(): out['vim'] = sorted(Q.VIMDOCS.glob('*.txt'))
    if (Q.NODEDOCS/'fs.md').is_file(): out['nodejs'] = [f for f in sorted(Q.NODEDOCS.glob('*.md')) if f.stem not in ('all', 'index')]
    if (Q.RUSTDOCS/'book').is_dir():
        out['rustdocs'] = [*Q.RUSTDOCS.glob('book/ch*.html'), *Q.RUSTDOCS.glob('book/appendix-*.html'),
                           *[f for b in ('cargo', 'reference') for f in (Q.RUSTDOCS/b).rglob('*.html') if f.name not in ('print.html', 'toc.html', '404.html')]]
    if (Q.AWSCLI/'s3api').is_dir(): out['awscli'] = [f for s in Q.AWS_SERVICES for f in sorted((Q.AWSCLI/s).rglob('*.rst'))]
    return out

def sections(f)->list:
    "`(title, chars, is_root)` for every node of the file's tree: the characters of its own text."
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        nodes = build_tree(file_pages(f)[0])
    return [(n.title, sum(len(t) for _, t in n.segments), n.parent is None) for n in nodes]

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--only', default=None, help='comma-separated corpora (default: every one found)')
    ap.add_argument('--top', type=int, default=5, help='largest sections printed per corpus')
    ap.add_argument('--big', type=int, default=40_000, help='characters past which a section counts as big (about 50 chunks)')
    a = ap.parse_args()
    cs = corpora()
    for name in (a.only.split(',') if a.only else cs):
        files = cs[name]
        rows = [(f, *s) for f in files for s in sections(f)]
        text = sum(c for *_, c, _ in rows) or 1
        big = [r for r in rows if not r[3] and r[2] > a.big]
        print(f'{name}: {len(files)} files, {sum(not r[3] for r in rows) / max(1, len(files)):.1f} sections a file, '
              f'{sum(c for *_, c, root in rows if root) / text:.3f} of the text in no section, {len(big)} sections over {a.big:,} characters')
        for f, t, c, root in sorted(rows, key=lambda r: -r[2])[:a.top]:
            print(f'   {c:>9,}  {f.name[:40]:40}  {"(no section)" if root else t[:70]}')

if __name__ == '__main__': main()
