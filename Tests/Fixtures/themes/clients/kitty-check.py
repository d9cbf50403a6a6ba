# Loads a kitty config file with kitty's own parser (run as: kitty +launch kitty-check.py FILE) and
# prints every problem kitty reports, then the colors and font it read.
import sys
import kitty.conf.utils as conf_utils
from kitty.config import load_config
problems = []
conf_utils.log_error = lambda *args, **kwargs: problems.append(' '.join(map(str, args)))
bad = []
opts = load_config(sys.argv[1], accumulate_bad_lines=bad)
for line in bad:
    problems.append(f'line {line.number}: {line.line} ({line.exception})')
for p in problems:
    print('problem:', p)
print(opts.foreground, opts.background, opts.cursor, opts.color0, opts.color15, opts.font_family)
