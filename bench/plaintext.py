"""Titles in plain text (issue 24): how many plain-text files get sections from `text_parse`, and which titles.

Reads every text file under the folders given (default: this machine's licences, Vim's help and /usr/share/doc), once per
distinct content, skips binary ones and those carrying markdown headings (`# Title`, read as markdown), and reports the files
left, how many get titles from `text_parse` (numbered lines, titles underlined as wide as they are, and lines a wide `=` rule
opens), and how many of each;
`--show` prints each file's titles, indented by level (`=`: an unnumbered title, underlined or opened by a rule), to be read by eye: the measure of precision
here, since there is no outline to judge plain text against.

Run: python bench/plaintext.py [DIR ...] [--show]   (from the project root)
"""
import sys, hashlib, argparse
from pathlib import Path
from litesearch.data import read_text, text_parse, _is_markdown, _md_lines, _ATX
from litesearch.headings import family

DEFAULT = ['/usr/share/common-licenses', '/usr/share/vim', '/usr/share/doc']

def files(dirs):
    "Text files under `dirs`: `.txt` and files without an extension (as `file_pages` reads them through `text_parse`), 3 KB or more, one per content."
    seen = set()
    for d in dirs:
        for p in sorted(Path(d).rglob('*')) if Path(d).is_dir() else [Path(d)]:
            if not p.is_file() or p.suffix.lower() not in ('.txt', '') or p.stat().st_size < 3000: continue
            h = hashlib.md5(p.read_bytes()).hexdigest()
            if h not in seen: seen.add(h); yield p

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dirs', nargs='*', default=DEFAULT)
    ap.add_argument('--show', action='store_true', help="print each file's titles")
    a = ap.parse_args()
    plain, got = 0, []
    for p in files(a.dirs):
        try: text = read_text(p)
        except ValueError: continue          # binary
        if _is_markdown(text): continue
        plain += 1
        md = text_parse(text)[0][1]        # as ingest reads it: every heading in it is one text_parse wrote
        hs = [(l.lstrip('#').strip(), len(l) - len(l.lstrip('#'))) for l, fenced in _md_lines(md) if not fenced and _ATX.match(l)]
        if hs := [(t, lv, not family(t)) for t, lv in hs]: got.append((p, hs))
    under = sum(u for _, hs in got for *_, u in hs)
    print(f'plain-text files without markdown headings: {plain}; with titles: {len(got)}; titles: {sum(len(h) for _, h in got)} '
          f'({sum(len(h) for _, h in got) - under} numbered, {under} without a number: underlined, or opened by a rule)')
    for p, hs in got if a.show else []:
        print(f'== {p} ({len(hs)})')
        for t, lv, u in hs: print('   ' + '  ' * (lv - 1) + ('= ' if u else '') + t[:100])

if __name__ == '__main__': main()
