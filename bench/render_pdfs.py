"""HTML pages printed to PDF, their headings as the PDF's outline: a held-out tree corpus for `bench/trees.py` (issue 24).

Each page of an HTML manual (default: Valgrind's, `/usr/share/doc/valgrind/html`, which Debian's package ships) is laid out by
pymupdf's Story (MuPDF's HTML engine, its default type: headings larger and bold) on letter pages, and its h1-h4 headings,
where they were placed, become the PDF's outline. The text and its hierarchy are the manual's own; no rule here was written
from them. Navigation bars are left out. A page whose layout takes longer than --timeout seconds (Valgrind's FAQ) is skipped
and named.

With --md, a folder's markdown pages are read instead (`--html /usr/share/doc/nodejs/api --md`, Node.js's API reference, whose
folder also holds the site's own HTML), each made HTML first by markdown-it (`markdown_it`, which `rich` brings; CommonMark with
tables, raw HTML left out).

Run: python bench/render_pdfs.py OUT_DIR [--html DIR [--md]] [--timeout 60]
     RENDERED_PDFS=OUT_DIR python bench/trees.py --only rendered
     VALGRIND_PDFS=OUT_DIR (or NODE_PDFS=OUT_DIR) python bench/quality.py --suite questions --sets valgrindpdf (nodejspdf)
"""
import re, sys, argparse, subprocess
from pathlib import Path

def _html(path):
    "A page's HTML: an .html file without its navigation bars, or a markdown file made HTML by markdown-it."
    text = Path(path).read_text(errors='replace')
    if Path(path).suffix == '.md':
        from markdown_it import MarkdownIt
        return '<html><body>' + MarkdownIt('commonmark', {'html': False}).enable('table').render(text) + '</body></html>'
    return re.sub(r'<div class="navheader">.*?</div>|<div class="navfooter">.*?</div>|<table[^>]*class="nav"[^>]*>.*?</table>', '', text, flags=re.S)

def render(html_path, pdf_path):
    "One HTML (or markdown) page as a PDF whose outline is its h1-h4 headings (levels never skip: an h3 right under an h1 is level 2)."
    import pymupdf
    html = _html(html_path)
    story, heads, page = pymupdf.Story(html=html), [], [0]
    def pos(p):
        if p.heading and p.open_close & 1 and p.text: heads.append((p.heading, ' '.join(p.text.split()), page[0]))
    box = pymupdf.paper_rect('letter')
    w, more = pymupdf.DocumentWriter(str(pdf_path) + '.tmp'), 1
    while more:
        dev = w.begin_page(box); more, _ = story.place(box + (54, 54, -54, -54)); story.element_positions(pos); story.draw(dev)
        w.end_page(); page[0] += 1
    w.close()
    doc, toc, lv = pymupdf.open(str(pdf_path) + '.tmp'), [], 0
    for h, t, p in heads:
        lv = min(h, lv + 1); toc.append([lv, t, p + 1])
    if toc: doc.set_toc(toc)
    doc.save(str(pdf_path)); doc.close(); Path(str(pdf_path) + '.tmp').unlink()
    return len(toc)

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--html', default='/usr/share/doc/valgrind/html')
    ap.add_argument('--timeout', type=float, default=60)
    ap.add_argument('--md', action='store_true', help='read the folder\'s .md pages (made HTML by markdown-it), not its .html')
    ap.add_argument('--one', help=argparse.SUPPRESS)     # render one page in this process (the parent's worker)
    a = ap.parse_args()
    out = Path(a.out); out.mkdir(parents=True, exist_ok=True)
    if a.one: print(render(a.one, out/(Path(a.one).stem + '.pdf'))); sys.exit()
    ext = 'md' if a.md else 'html'
    pages = sorted(Path(a.html).glob(f'*.{ext}'))
    if not pages: sys.exit(f'no .{ext} files in {a.html}: give --html DIR' + ('' if a.md else ' (or --md for markdown)'))
    for f in pages:
        if (out/(f.stem + '.pdf')).exists(): continue
        try:
            r = subprocess.run([sys.executable, __file__, str(out), '--one', str(f)], capture_output=True, text=True, timeout=a.timeout)
            print(f'{f.stem}: {r.stdout.strip() or r.stderr.strip()[-200:]} outline entries')
        except subprocess.TimeoutExpired: print(f'{f.stem}: skipped, its layout took over {a.timeout:.0f} s')
