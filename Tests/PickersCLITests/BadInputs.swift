// The bad-input table as data (JSON), iterated by BadInputTests.swift. Each row: a command
// line (or a bash script), standard input, the exit status and the start of standard error.
// Kept as JSON in a Swift string so the test target needs no resource files.
let badInputsJSON = #"""
  {
   "comment": [
    "Bad inputs for every pickers command; BadInputTests.swift runs each row against the built binary.",
    "arguments: the command line ($OUT = a fresh empty folder per row, $FIXTURES = Tests/Fixtures,",
    "$CORPUS = Fuzz/Corpus, an argument \"$REPEAT:c:N\" = the character c N times). shell: a bash",
    "script run instead, with $PICKERS set (for invalid UTF-8, closed stdin and broken pipes).",
    "stdin / stdinBytes / stdinRepeat ([text, count] pairs): what standard input holds. status: the exit status. stderrPrefix: how",
    "standard error starts (stderrExact: all of it), stderrContains: other text it holds.",
    "Every row also asserts: no crash (status 0, 1 or 2), a bounded run time, nothing left in $OUT,",
    "and nothing on standard output for a failure unless stdoutContains says what.",
    "Expected messages follow the rules in COMMON.md: lowercase, quote what was typed, exit 2 for",
    "usage errors with a hint to --help, exit 1 for failed operations."
   ],
   "rows": [
    {
     "name": "unknown top-level option",
     "arguments": [
      "--bogus"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unknown option '--bogus'",
     "stderrContains": [
      "See 'pickers --help'."
     ]
    },
    {
     "name": "unknown command",
     "arguments": [
      "bogus"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unknown command 'bogus'",
     "stderrContains": [
      "See 'pickers --help'."
     ]
    },
    {
     "name": "misspelt command suggests the right one",
     "arguments": [
      "fnt"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unknown command 'fnt' for 'pickers'; did you mean 'font'?",
     "stderrContains": [
      "See 'pickers --help'."
     ]
    },
    {
     "name": "unknown subcommand of a group",
     "arguments": [
      "palette",
      "bogus"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unknown command 'bogus' for 'pickers palette'",
     "stderrContains": [
      "See 'pickers palette --help'."
     ]
    },
    {
     "name": "unknown --color value",
     "arguments": [
      "--color",
      "sometimes",
      "font",
      "list"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --color must be one of auto, always, never; 'sometimes' is not",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "--color without a value",
     "arguments": [
      "font",
      "list",
      "--color"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing value for --color <WHEN>",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "completion for an unknown shell",
     "arguments": [
      "completion",
      "tcsh"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unknown shell 'tcsh'",
     "stderrContains": [
      "See 'pickers completion --help'."
     ]
    },
    {
     "name": "completion without a shell",
     "arguments": [
      "completion"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <SHELL>",
     "stderrContains": [
      "See 'pickers completion --help'."
     ]
    },
    {
     "name": "man takes no argument",
     "arguments": [
      "man",
      "extra"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unexpected argument 'extra'",
     "stderrContains": [
      "See 'pickers man --help'."
     ]
    },
    {
     "name": "font list: unknown option",
     "arguments": [
      "font",
      "list",
      "--bogus"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unknown option '--bogus'",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font list: missing value for --lang",
     "arguments": [
      "font",
      "list",
      "--lang"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing value for --lang <LANG>",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font list: stray argument",
     "arguments": [
      "font",
      "list",
      "extra"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unexpected argument 'extra'",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font list: empty --covers",
     "arguments": [
      "font",
      "list",
      "--covers",
      ""
     ],
     "status": 2,
     "stderrPrefix": "pickers: --covers needs at least one character",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font list: --format with --json",
     "arguments": [
      "font",
      "list",
      "--format",
      "%{family}",
      "--json"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --format cannot be combined with --json",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font list: unknown language",
     "arguments": [
      "font",
      "list",
      "--lang",
      "xx-nonexistent"
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown language \"xx-nonexistent\""
    },
    {
     "name": "font list: empty language",
     "arguments": [
      "font",
      "list",
      "--lang",
      ""
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown language \"\""
    },
    {
     "name": "font list: unterminated template",
     "arguments": [
      "font",
      "list",
      "--format",
      "%{family"
     ],
     "status": 1,
     "stderrPrefix": "",
     "stderrContains": [
      "\"%{family\""
     ]
    },
    {
     "name": "font list: --json takes no value",
     "arguments": [
      "font",
      "list",
      "--json=yes"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --json does not take a value",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font faces: no family",
     "arguments": [
      "font",
      "faces"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <FAMILY>",
     "stderrContains": [
      "See 'pickers font faces --help'."
     ]
    },
    {
     "name": "font faces: empty family",
     "arguments": [
      "font",
      "faces",
      ""
     ],
     "status": 2,
     "stderrPrefix": "pickers: font faces needs a FAMILY",
     "stderrContains": [
      "See 'pickers font faces --help'."
     ]
    },
    {
     "name": "font faces: unknown family",
     "arguments": [
      "font",
      "faces",
      "No Such Family"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"No Such Family\""
    },
    {
     "name": "font faces: misspelt family suggests",
     "arguments": [
      "font",
      "faces",
      "dejavu sanz"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"dejavu sanz\"; did you mean \"DejaVu Sans\"?"
    },
    {
     "name": "font faces: huge family name",
     "arguments": [
      "font",
      "faces",
      "$REPEAT:x:100000"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"xxxx"
    },
    {
     "name": "font match: no pattern",
     "arguments": [
      "font",
      "match"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <PATTERN>",
     "stderrContains": [
      "See 'pickers font match --help'."
     ]
    },
    {
     "name": "font match: weight that is not a number",
     "arguments": [
      "font",
      "match",
      ":weight=abc"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse the font pattern \":weight=abc\""
    },
    {
     "name": "font match: size that is not a number",
     "arguments": [
      "font",
      "match",
      "DejaVu Sans:size=big"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse the font pattern \"DejaVu Sans:size=big\""
    },
    {
     "name": "font match: two patterns",
     "arguments": [
      "font",
      "match",
      "serif",
      "sans"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unexpected argument 'sans'",
     "stderrContains": [
      "See 'pickers font match --help'."
     ]
    },
    {
     "name": "font info: nothing named",
     "arguments": [
      "font",
      "info"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <FILE_OR_FAMILY>",
     "stderrContains": [
      "See 'pickers font info --help'."
     ]
    },
    {
     "name": "font info: missing file",
     "arguments": [
      "font",
      "info",
      "/nonexistent/font.ttf"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read a font from \"/nonexistent/font.ttf\""
    },
    {
     "name": "font info: a PNG is not a font",
     "arguments": [
      "font",
      "info",
      "$FIXTURES/png/rgb8.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read a font from \"",
     "stderrContains": [
      "rgb8.png\""
     ]
    },
    {
     "name": "font info: a folder is not a font",
     "arguments": [
      "font",
      "info",
      "/etc"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read a font from \"/etc\""
    },
    {
     "name": "font info: unknown family",
     "arguments": [
      "font",
      "info",
      "No Such Family"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"No Such Family\""
    },
    {
     "name": "font list: favourite stars out of range",
     "arguments": [
      "font",
      "list",
      "--favorites",
      "--min-stars",
      "9"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --min-stars must be between 1 and 5, not 9",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font list: favourite stars not a number",
     "arguments": [
      "font",
      "list",
      "--favorites",
      "--min-stars",
      "many"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --min-stars takes a whole number, not 'many'",
     "stderrContains": [
      "See 'pickers font list --help'."
     ]
    },
    {
     "name": "font pick: unknown preview mode",
     "arguments": [
      "font",
      "pick",
      "--preview",
      "bogus"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --preview must be one of auto, kitty, sixel, none; 'bogus' is not",
     "stderrContains": [
      "See 'pickers font pick --help'."
     ]
    },
    {
     "name": "color pick: initial that is not a color",
     "arguments": [
      "color",
      "pick",
      "--initial",
      "nope"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --initial: cannot parse color \"nope\"",
     "stderrContains": [
      "See 'pickers color pick --help'."
     ]
    },
    {
     "name": "color pick: unknown space",
     "arguments": [
      "color",
      "pick",
      "--space",
      "cmyk"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --space must be one of",
     "stderrContains": [
      "See 'pickers color pick --help'."
     ]
    },
    {
     "name": "color pick: unknown format",
     "arguments": [
      "color",
      "pick",
      "--format",
      "pdf"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --format must be one of",
     "stderrContains": [
      "See 'pickers color pick --help'."
     ]
    },
    {
     "name": "color info: malformed color 'notacolor'",
     "arguments": [
      "color",
      "info",
      "notacolor"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"notacolor\""
    },
    {
     "name": "color info: malformed color 'rgb(1 2,3)'",
     "arguments": [
      "color",
      "info",
      "rgb(1 2,3)"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"rgb(1 2,3)\""
    },
    {
     "name": "color info: malformed color ''",
     "arguments": [
      "color",
      "info",
      ""
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"\""
    },
    {
     "name": "color info: malformed color '#12'",
     "arguments": [
      "color",
      "info",
      "#12"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"#12\""
    },
    {
     "name": "color info: malformed color '#gggggg'",
     "arguments": [
      "color",
      "info",
      "#gggggg"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"#gggggg\""
    },
    {
     "name": "color info: malformed color 'oklch(70% 0.1 200deg / 50%'",
     "arguments": [
      "color",
      "info",
      "oklch(70% 0.1 200deg / 50%"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"oklch(70% 0.1 200deg / 50%\""
    },
    {
     "name": "color info: malformed color 'hsl(120 50% 50%) trailing'",
     "arguments": [
      "color",
      "info",
      "hsl(120 50% 50%) trailing"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"hsl(120 50% 50%) trailing\""
    },
    {
     "name": "color info: malformed color 'color(nonexistent 1 2 3)'",
     "arguments": [
      "color",
      "info",
      "color(nonexistent 1 2 3)"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"color(nonexistent 1 2 3)\""
    },
    {
     "name": "color info: malformed color 'lab(nan 0 0)'",
     "arguments": [
      "color",
      "info",
      "lab(nan 0 0)"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"lab(nan 0 0)\""
    },
    {
     "name": "color info: malformed color 'rgb('",
     "arguments": [
      "color",
      "info",
      "rgb("
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"rgb(\""
    },
    {
     "name": "color info: malformed color 'hwb(10 20% )'",
     "arguments": [
      "color",
      "info",
      "hwb(10 20% )"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"hwb(10 20% )\""
    },
    {
     "name": "color info: malformed color '#'",
     "arguments": [
      "color",
      "info",
      "#"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"#\""
    },
    {
     "name": "color info: malformed color 'rgb(1 2 3 / )'",
     "arguments": [
      "color",
      "info",
      "rgb(1 2 3 / )"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"rgb(1 2 3 / )\""
    },
    {
     "name": "color info: malformed color 'oklch(none none)'",
     "arguments": [
      "color",
      "info",
      "oklch(none none)"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"oklch(none none)\""
    },
    {
     "name": "color info: huge color string",
     "arguments": [
      "color",
      "info",
      "$REPEAT:x:100000"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"xxxx"
    },
    {
     "name": "color info: a NUL-free control character",
     "arguments": [
      "color",
      "info",
      "re\u0001d"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"re\u0001d\""
    },
    {
     "name": "color info: two colors",
     "arguments": [
      "color",
      "info",
      "red",
      "blue"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unexpected argument 'blue'",
     "stderrContains": [
      "See 'pickers color info --help'."
     ]
    },
    {
     "name": "color convert: missing --to",
     "arguments": [
      "color",
      "convert",
      "red"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing option --to <SPACE>",
     "stderrContains": [
      "See 'pickers color convert --help'."
     ]
    },
    {
     "name": "color convert: --to without a value",
     "arguments": [
      "color",
      "convert",
      "red",
      "--to"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing value for --to <SPACE>",
     "stderrContains": [
      "See 'pickers color convert --help'."
     ]
    },
    {
     "name": "color convert: unknown space",
     "arguments": [
      "color",
      "convert",
      "red",
      "--to",
      "cmyk"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --to must be one of",
     "stderrContains": [
      "See 'pickers color convert --help'."
     ]
    },
    {
     "name": "color convert: malformed color",
     "arguments": [
      "color",
      "convert",
      "nope",
      "--to",
      "hex"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"nope\""
    },
    {
     "name": "color contrast: one color",
     "arguments": [
      "color",
      "contrast",
      "red"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <BG>",
     "stderrContains": [
      "See 'pickers color contrast --help'."
     ]
    },
    {
     "name": "color contrast: BG from stdin",
     "arguments": [
      "color",
      "contrast",
      "red",
      "-"
     ],
     "status": 2,
     "stderrPrefix": "pickers: only FG may be - (standard input)",
     "stderrContains": [
      "See 'pickers color contrast --help'."
     ]
    },
    {
     "name": "color contrast: three colors",
     "arguments": [
      "color",
      "contrast",
      "red",
      "blue",
      "green"
     ],
     "status": 2,
     "stderrPrefix": "pickers: unexpected argument 'green'",
     "stderrContains": [
      "See 'pickers color contrast --help'."
     ]
    },
    {
     "name": "color contrast: malformed background",
     "arguments": [
      "color",
      "contrast",
      "red",
      "rgb(0,0)"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"rgb(0,0)\""
    },
    {
     "name": "color mix: amount above 1",
     "arguments": [
      "color",
      "mix",
      "red",
      "blue",
      "--amount",
      "2"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --amount must be between 0 and 1, not 2",
     "stderrContains": [
      "See 'pickers color mix --help'."
     ]
    },
    {
     "name": "color mix: negative amount",
     "arguments": [
      "color",
      "mix",
      "red",
      "blue",
      "--amount",
      "-0.5"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --amount must be between 0 and 1, not -0.5",
     "stderrContains": [
      "See 'pickers color mix --help'."
     ]
    },
    {
     "name": "color mix: NaN amount",
     "arguments": [
      "color",
      "mix",
      "red",
      "blue",
      "--amount",
      "nan"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --amount takes a number, not 'nan'",
     "stderrContains": [
      "See 'pickers color mix --help'."
     ]
    },
    {
     "name": "color mix: infinite amount",
     "arguments": [
      "color",
      "mix",
      "red",
      "blue",
      "--amount",
      "inf"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --amount takes a number, not 'inf'",
     "stderrContains": [
      "See 'pickers color mix --help'."
     ]
    },
    {
     "name": "color mix: unknown space",
     "arguments": [
      "color",
      "mix",
      "red",
      "blue",
      "--in",
      "cmyk"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --in must be one of",
     "stderrContains": [
      "See 'pickers color mix --help'."
     ]
    },
    {
     "name": "color mix: unknown hue method",
     "arguments": [
      "color",
      "mix",
      "red",
      "blue",
      "--hue",
      "sideways"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --hue must be one of shorter, longer, increasing, decreasing; 'sideways' is not",
     "stderrContains": [
      "See 'pickers color mix --help'."
     ]
    },
    {
     "name": "color mix: malformed second color",
     "arguments": [
      "color",
      "mix",
      "red",
      "#12345"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"#12345\""
    },
    {
     "name": "color diff: unknown method",
     "arguments": [
      "color",
      "diff",
      "red",
      "blue",
      "--method",
      "94"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --method must be one of 76, 2000, ok; '94' is not",
     "stderrContains": [
      "See 'pickers color diff --help'."
     ]
    },
    {
     "name": "color diff: one color",
     "arguments": [
      "color",
      "diff",
      "red"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <B>",
     "stderrContains": [
      "See 'pickers color diff --help'."
     ]
    },
    {
     "name": "color diff: malformed first color",
     "arguments": [
      "color",
      "diff",
      "blu",
      "red"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"blu\""
    },
    {
     "name": "no crash on huge channels: pickers color info",
     "arguments": [
      "color",
      "info",
      "lab(2% 1e300 -30)"
     ],
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true,
     "stdoutContains": [
      "#"
     ]
    },
    {
     "name": "no crash on huge channels: pickers color convert",
     "arguments": [
      "color",
      "convert",
      "lab(2% 1e300 -30)",
      "--to",
      "hex"
     ],
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true,
     "stdoutContains": [
      "#"
     ]
    },
    {
     "name": "no crash on huge channels: pickers color swatch",
     "arguments": [
      "color",
      "swatch",
      "lab(2% 1e300 -30)",
      "-o",
      "-"
     ],
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true,
     "stdoutContains": [
      "PNG"
     ]
    },
    {
     "name": "swatch: no -o",
     "arguments": [
      "color",
      "swatch",
      "red"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing option --output <FILE.png>",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: empty -o",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      ""
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing -o FILE.png",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: no color",
     "arguments": [
      "color",
      "swatch",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <COLOR>",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: -o without a value",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing value for -o <FILE.png>",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size 0x0 out of range",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "0x0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '0x0' is out of range",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size -5x10 out of range",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "-5x10"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '-5x10' is out of range",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size 100000x100000 out of range",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "100000x100000"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '100000x100000' is out of range",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size 10x0 out of range",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "10x0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '10x0' is out of range",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size abc is not a size",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "abc"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size 'abc' is not a size",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size 10x is not a size",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "10x"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '10x' is not a size",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size x10 is not a size",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "x10"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size 'x10' is not a size",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size 1.5x2 is not a size",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "1.5x2"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '1.5x2' is not a size",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: size axb is not a size",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--size",
      "axb"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size 'axb' is not a size",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: zero columns",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--columns",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --columns must be between 1 and",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: negative gap",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--gap",
      "-1"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --gap must be between 0 and",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: negative radius",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--radius",
      "-1"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --radius must be between 0 and",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: absurd column count",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/a.png",
      "--columns",
      "99999999999999999999"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --columns takes a whole number, not '99999999999999999999'",
     "stderrContains": [
      "See 'pickers color swatch --help'."
     ]
    },
    {
     "name": "swatch: malformed color",
     "arguments": [
      "color",
      "swatch",
      "notacolor",
      "-o",
      "$OUT/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"notacolor\""
    },
    {
     "name": "swatch: one bad color among good ones",
     "arguments": [
      "color",
      "swatch",
      "red",
      "bleu",
      "green",
      "-o",
      "$OUT/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"bleu\""
    },
    {
     "name": "swatch: over the pixel limit",
     "arguments": [
      "color",
      "swatch",
      "red",
      "blue",
      "-o",
      "$OUT/a.png",
      "--size",
      "10000x10000"
     ],
     "status": 1,
     "stderrPrefix": "pickers: image size 20000x10000 is over the limit of 100 megapixels"
    },
    {
     "name": "swatch: missing output folder",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/missing/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/a.png\": folder \"$OUT/missing\" does not exist"
    },
    {
     "name": "swatch: output path is a folder",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT\": it is a folder"
    },
    {
     "name": "swatch: output path ends in a slash",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/\": it is a folder"
    },
    {
     "name": "swatch: unwritable folder",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "/sys/pickers-test.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"/sys/pickers-test.png\": folder \"/sys\" is not writable"
    },
    {
     "name": "swatch: a file used as a folder",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "/etc/hostname/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"/etc/hostname/a.png\""
    },
    {
     "name": "swatch: colors from stdin, one bad",
     "arguments": [
      "color",
      "swatch",
      "-",
      "-o",
      "$OUT/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: ",
     "stderrContains": [
      "bleu"
     ],
     "stdin": "red\nbleu\n"
    },
    {
     "name": "preview: no -o",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing option --output <FILE.png>",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: no family",
     "arguments": [
      "font",
      "preview",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <FAMILY_OR_PATTERN>",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: empty family",
     "arguments": [
      "font",
      "preview",
      "",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing FAMILY_OR_PATTERN",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: unknown family",
     "arguments": [
      "font",
      "preview",
      "No Such Family",
      "-o",
      "$OUT/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"No Such Family\""
    },
    {
     "name": "preview: size 0 out of range",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--size",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size must be between 1 and 4096, not 0",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: size -12 out of range",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--size",
      "-12"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size must be between 1 and 4096, not -12",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: size 1e9 out of range",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--size",
      "1e9"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size must be between 1 and 4096, not 1e9",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: size 99999 out of range",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--size",
      "99999"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size must be between 1 and 4096, not 99999",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: NaN size",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--size",
      "nan"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size takes a number, not 'nan'",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: --size without a value",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--size"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing value for --size <PX>",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: empty text",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--text",
      ""
     ],
     "status": 1,
     "stderrPrefix": "pickers: the text is empty"
    },
    {
     "name": "preview: blank text",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--text",
      "   "
     ],
     "status": 1,
     "stderrPrefix": "pickers: the text is empty"
    },
    {
     "name": "preview: huge text",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--text",
      "$REPEAT:x:100000"
     ],
     "status": 1,
     "stderrPrefix": "pickers: the text has 100000 characters, more than the limit of"
    },
    {
     "name": "preview: text too large to draw",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--size",
      "1000",
      "--text",
      "$REPEAT:W:5000"
     ],
     "status": 1,
     "stderrPrefix": "pickers: image size ",
     "stderrContains": [
      "over the limit of 100 megapixels"
     ]
    },
    {
     "name": "preview: malformed foreground",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--fg",
      "notacolor"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"notacolor\""
    },
    {
     "name": "preview: malformed background",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--bg",
      "rgb("
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"rgb(\""
    },
    {
     "name": "preview: negative padding",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--padding",
      "-1"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --padding must be between 0 and",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: zero width",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--width",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --width must be between 1 and",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: unknown weight name",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--weight",
      "heavyish"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --weight 'heavyish' is not a weight",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: weight out of range",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png",
      "--weight",
      "5000"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --weight '5000' is not a weight",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: variation without a value",
     "arguments": [
      "font",
      "preview",
      "Inter",
      "-o",
      "$OUT/a.png",
      "--variation",
      "wght="
     ],
     "status": 2,
     "stderrPrefix": "pickers: malformed variation 'wght='",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: variation tag too long",
     "arguments": [
      "font",
      "preview",
      "Inter",
      "-o",
      "$OUT/a.png",
      "--variation",
      "toolongtag=5"
     ],
     "status": 2,
     "stderrPrefix": "pickers: malformed variation 'toolongtag=5'",
     "stderrContains": [
      "See 'pickers font preview --help'."
     ]
    },
    {
     "name": "preview: unknown named instance",
     "arguments": [
      "font",
      "preview",
      "Inter",
      "-o",
      "$OUT/a.png",
      "--instance",
      "NoSuchInstance"
     ],
     "status": 1,
     "stderrPrefix": "pickers: the font has no instance 'NoSuchInstance'"
    },
    {
     "name": "preview: missing output folder",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT/missing/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/a.png\": folder \"$OUT/missing\" does not exist"
    },
    {
     "name": "preview: output path is a folder",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "$OUT"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT\": it is a folder"
    },
    {
     "name": "preview: unwritable folder",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "-o",
      "/sys/pickers-test.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"/sys/pickers-test.png\": folder \"/sys\" is not writable"
    },
    {
     "name": "specimen: nothing to show",
     "arguments": [
      "font",
      "specimen",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing FAMILY",
     "stderrContains": [
      "See 'pickers font specimen --help'."
     ]
    },
    {
     "name": "specimen: families and --all",
     "arguments": [
      "font",
      "specimen",
      "--all",
      "DejaVu Sans",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: give FAMILY names or --all, not both",
     "stderrContains": [
      "See 'pickers font specimen --help'."
     ]
    },
    {
     "name": "specimen: unknown family",
     "arguments": [
      "font",
      "specimen",
      "No Such Family",
      "-o",
      "$OUT/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"No Such Family\""
    },
    {
     "name": "specimen: one unknown family among known ones",
     "arguments": [
      "font",
      "specimen",
      "DejaVu Sans",
      "No Such Family",
      "-o",
      "$OUT/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"No Such Family\""
    },
    {
     "name": "specimen: to standard output",
     "arguments": [
      "font",
      "specimen",
      "--all",
      "-o",
      "-"
     ],
     "status": 2,
     "stderrPrefix": "pickers: -o - is not supported for specimens",
     "stderrContains": [
      "See 'pickers font specimen --help'."
     ]
    },
    {
     "name": "specimen: zero size",
     "arguments": [
      "font",
      "specimen",
      "--all",
      "-o",
      "$OUT/a.png",
      "--size",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size must be between 1 and 4096, not 0",
     "stderrContains": [
      "See 'pickers font specimen --help'."
     ]
    },
    {
     "name": "specimen: width too small",
     "arguments": [
      "font",
      "specimen",
      "--all",
      "-o",
      "$OUT/a.png",
      "--width",
      "1"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --width must be between 16 and 40000, not 1",
     "stderrContains": [
      "See 'pickers font specimen --help'."
     ]
    },
    {
     "name": "specimen: empty text",
     "arguments": [
      "font",
      "specimen",
      "--all",
      "-o",
      "$OUT/a.png",
      "--text",
      ""
     ],
     "status": 2,
     "stderrPrefix": "pickers: --text is empty",
     "stderrContains": [
      "See 'pickers font specimen --help'."
     ]
    },
    {
     "name": "specimen: waterfall of everything",
     "arguments": [
      "font",
      "specimen",
      "--waterfall",
      "--all",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --waterfall shows one family",
     "stderrContains": [
      "See 'pickers font specimen --help'."
     ]
    },
    {
     "name": "specimen: unknown language",
     "arguments": [
      "font",
      "specimen",
      "--lang",
      "xx",
      "-o",
      "$OUT/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown language \"xx\""
    },
    {
     "name": "specimen: missing output folder",
     "arguments": [
      "font",
      "specimen",
      "--all",
      "-o",
      "$OUT/nope/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/nope/a.png\": folder \"$OUT/nope\" does not exist"
    },
    {
     "name": "specimen: output path is a folder",
     "arguments": [
      "font",
      "specimen",
      "--all",
      "-o",
      "$OUT"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT\": it is a folder"
    },
    {
     "name": "palette accents: unknown scheme",
     "arguments": [
      "palette",
      "accents",
      "--scheme",
      "sepia"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --scheme must be one of light, dark; 'sepia' is not",
     "stderrContains": [
      "See 'pickers palette accents --help'."
     ]
    },
    {
     "name": "palette accents: unknown format",
     "arguments": [
      "palette",
      "accents",
      "--format",
      "pdf"
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown format 'pdf'"
    },
    {
     "name": "palette accents: missing output folder",
     "arguments": [
      "palette",
      "accents",
      "-o",
      "$OUT/missing/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/a.png\": folder \"$OUT/missing\" does not exist"
    },
    {
     "name": "palette accents: output path is a folder",
     "arguments": [
      "palette",
      "accents",
      "-o",
      "$OUT"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT\": it is a folder"
    },
    {
     "name": "palette scale: malformed color",
     "arguments": [
      "palette",
      "scale",
      "notacolor"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"notacolor\""
    },
    {
     "name": "palette scale: steps '0'",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--steps",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --steps takes whole numbers from 1 to 999 separated by commas, not '0'",
     "stderrContains": [
      "See 'pickers palette scale --help'."
     ]
    },
    {
     "name": "palette scale: steps 'abc'",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--steps",
      "abc"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --steps takes whole numbers from 1 to 999 separated by commas, not 'abc'",
     "stderrContains": [
      "See 'pickers palette scale --help'."
     ]
    },
    {
     "name": "palette scale: steps ''",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--steps",
      ""
     ],
     "status": 2,
     "stderrPrefix": "pickers: --steps takes whole numbers from 1 to 999 separated by commas, not ''",
     "stderrContains": [
      "See 'pickers palette scale --help'."
     ]
    },
    {
     "name": "palette scale: steps '50,,100'",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--steps",
      "50,,100"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --steps takes whole numbers from 1 to 999 separated by commas, not '50,,100'",
     "stderrContains": [
      "See 'pickers palette scale --help'."
     ]
    },
    {
     "name": "palette scale: steps '-50'",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--steps",
      "-50"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --steps takes whole numbers from 1 to 999 separated by commas, not '-50'",
     "stderrContains": [
      "See 'pickers palette scale --help'."
     ]
    },
    {
     "name": "palette scale: steps '99999999999999999999'",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--steps",
      "99999999999999999999"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --steps takes whole numbers from 1 to 999 separated by commas, not '99999999999999999999'",
     "stderrContains": [
      "See 'pickers palette scale --help'."
     ]
    },
    {
     "name": "palette scale: steps '1000'",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--steps",
      "1000"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --steps takes whole numbers from 1 to 999 separated by commas, not '1000'",
     "stderrContains": [
      "See 'pickers palette scale --help'."
     ]
    },
    {
     "name": "palette harmony: unknown type",
     "arguments": [
      "palette",
      "harmony",
      "red",
      "--type",
      "pentadic"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --type must be one of",
     "stderrContains": [
      "See 'pickers palette harmony --help'."
     ]
    },
    {
     "name": "palette harmony: empty color",
     "arguments": [
      "palette",
      "harmony",
      ""
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"\""
    },
    {
     "name": "palette distinct: N = 0",
     "arguments": [
      "palette",
      "distinct",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: N must be a whole number from 1 to 256, not '0'",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: N = -3",
     "arguments": [
      "palette",
      "distinct",
      "-3"
     ],
     "status": 2,
     "stderrPrefix": "pickers: N must be a whole number from 1 to 256, not '-3'",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: N = 257",
     "arguments": [
      "palette",
      "distinct",
      "257"
     ],
     "status": 2,
     "stderrPrefix": "pickers: N must be a whole number from 1 to 256, not '257'",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: N = lots",
     "arguments": [
      "palette",
      "distinct",
      "lots"
     ],
     "status": 2,
     "stderrPrefix": "pickers: N must be a whole number from 1 to 256, not 'lots'",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: N = 99999999999999999999999",
     "arguments": [
      "palette",
      "distinct",
      "99999999999999999999999"
     ],
     "status": 2,
     "stderrPrefix": "pickers: N must be a whole number from 1 to 256, not '99999999999999999999999'",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: N = 1.5",
     "arguments": [
      "palette",
      "distinct",
      "1.5"
     ],
     "status": 2,
     "stderrPrefix": "pickers: N must be a whole number from 1 to 256, not '1.5'",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: reversed lightness range",
     "arguments": [
      "palette",
      "distinct",
      "5",
      "--lightness",
      "0.9-0.1"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --lightness takes MIN-MAX within 0-1",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: lightness not a range",
     "arguments": [
      "palette",
      "distinct",
      "5",
      "--lightness",
      "abc"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --lightness takes MIN-MAX within 0-1",
     "stderrContains": [
      "See 'pickers palette distinct --help'."
     ]
    },
    {
     "name": "palette distinct: malformed color to avoid",
     "arguments": [
      "palette",
      "distinct",
      "5",
      "--avoid",
      "notacolor"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"notacolor\""
    },
    {
     "name": "palette from-image: zero colors",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/valid-rgba-2x2.png",
      "--count",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --count must be between 1 and 64, not 0",
     "stderrContains": [
      "See 'pickers palette from-image --help'."
     ]
    },
    {
     "name": "palette from-image: too many colors",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/valid-rgba-2x2.png",
      "--count",
      "65"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --count must be between 1 and 64, not 65",
     "stderrContains": [
      "See 'pickers palette from-image --help'."
     ]
    },
    {
     "name": "palette from-image: missing file",
     "arguments": [
      "palette",
      "from-image",
      "$OUT/nope.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read \"$OUT/nope.png\""
    },
    {
     "name": "palette from-image: a folder",
     "arguments": [
      "palette",
      "from-image",
      "$OUT"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read \"$OUT\": it is a folder"
    },
    {
     "name": "palette from-image: truncated-half.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/truncated-half.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/truncated-half.png\": the data ends too early"
    },
    {
     "name": "palette from-image: bad-crc-idat.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/bad-crc-idat.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/bad-crc-idat.png\": IDAT: CRC error"
    },
    {
     "name": "palette from-image: bad-crc-ihdr.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/bad-crc-ihdr.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/bad-crc-ihdr.png\": IHDR: CRC error"
    },
    {
     "name": "palette from-image: bad-zlib.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/bad-zlib.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/bad-zlib.png\": "
    },
    {
     "name": "palette from-image: zlib-too-short.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/zlib-too-short.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/zlib-too-short.png\": "
    },
    {
     "name": "palette from-image: absurd-dimensions.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/absurd-dimensions.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/absurd-dimensions.png\": image size 1000000x1000000 is over the limit of 100 megapixels"
    },
    {
     "name": "palette from-image: over-pixel-limit.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/over-pixel-limit.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/over-pixel-limit.png\": image size 20000x10000 is over the limit of 100 megapixels"
    },
    {
     "name": "palette from-image: huge-chunk-length.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/huge-chunk-length.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/huge-chunk-length.png\": the data ends too early"
    },
    {
     "name": "palette from-image: palette-index-out-of-range.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/palette-index-out-of-range.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/palette-index-out-of-range.png\": palette index"
    },
    {
     "name": "palette from-image: palette-missing.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/palette-missing.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/palette-missing.png\": "
    },
    {
     "name": "palette from-image: empty.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/empty.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/empty.png\": the data is empty"
    },
    {
     "name": "palette from-image: not-a-png.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/not-a-png.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/not-a-png.png\": not a PNG file"
    },
    {
     "name": "palette from-image: truncated-signature.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/truncated-signature.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/truncated-signature.png\": not a PNG file"
    },
    {
     "name": "palette from-image: zero-width.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/zero-width.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/zero-width.png\": "
    },
    {
     "name": "palette from-image: bad-bit-depth.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/bad-bit-depth.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/bad-bit-depth.png\": "
    },
    {
     "name": "palette from-image: no-idat.png",
     "arguments": [
      "palette",
      "from-image",
      "$CORPUS/png/no-idat.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/no-idat.png\": "
    },
    {
     "name": "palette simulate: unknown deficiency",
     "arguments": [
      "palette",
      "simulate",
      "red",
      "--deficiency",
      "achromatopsia"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --deficiency must be one of",
     "stderrContains": [
      "See 'pickers palette simulate --help'."
     ]
    },
    {
     "name": "palette simulate: severity above 1",
     "arguments": [
      "palette",
      "simulate",
      "red",
      "--severity",
      "2"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --severity must be between 0 and 1, not 2",
     "stderrContains": [
      "See 'pickers palette simulate --help'."
     ]
    },
    {
     "name": "palette simulate: malformed color",
     "arguments": [
      "palette",
      "simulate",
      "red",
      "notacolor"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"notacolor\""
    },
    {
     "name": "palette simulate: no color",
     "arguments": [
      "palette",
      "simulate"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <COLOR>",
     "stderrContains": [
      "See 'pickers palette simulate --help'."
     ]
    },
    {
     "name": "theme: no format",
     "arguments": [
      "theme",
      "--accent",
      "red"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing option --format <FORMAT>",
     "stderrContains": [
      "See 'pickers theme --help'."
     ]
    },
    {
     "name": "theme: no accent",
     "arguments": [
      "theme",
      "--format",
      "kitty"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing --accent COLOR or --from-image FILE",
     "stderrContains": [
      "See 'pickers theme --help'."
     ]
    },
    {
     "name": "theme: accent and image",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--from-image",
      "x.png",
      "--format",
      "kitty"
     ],
     "status": 2,
     "stderrPrefix": "pickers: give --accent or --from-image, not both",
     "stderrContains": [
      "See 'pickers theme --help'."
     ]
    },
    {
     "name": "theme: unknown scheme",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "--scheme",
      "dusk"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --scheme must be one of light, dark, both; 'dusk' is not",
     "stderrContains": [
      "See 'pickers theme --help'."
     ]
    },
    {
     "name": "theme: unknown format",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "emacs"
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown format 'emacs'"
    },
    {
     "name": "theme: malformed accent",
     "arguments": [
      "theme",
      "--accent",
      "notacolor",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"notacolor\""
    },
    {
     "name": "theme: both schemes in a one-scheme format",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "--scheme",
      "both"
     ],
     "status": 1,
     "stderrPrefix": "pickers: format 'kitty' holds one scheme"
    },
    {
     "name": "theme: unknown UI font",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "--font",
      "No Such Family"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"No Such Family\""
    },
    {
     "name": "theme: unknown mono font",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "--mono-font",
      "No Such Family"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named \"No Such Family\""
    },
    {
     "name": "theme: missing image",
     "arguments": [
      "theme",
      "--from-image",
      "$OUT/nope.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read \"$OUT/nope.png\""
    },
    {
     "name": "theme: --from-image truncated-half.png",
     "arguments": [
      "theme",
      "--from-image",
      "$CORPUS/png/truncated-half.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/truncated-half.png\": the data ends too early"
    },
    {
     "name": "theme: --from-image bad-crc-idat.png",
     "arguments": [
      "theme",
      "--from-image",
      "$CORPUS/png/bad-crc-idat.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/bad-crc-idat.png\": IDAT: CRC error"
    },
    {
     "name": "theme: --from-image bad-zlib.png",
     "arguments": [
      "theme",
      "--from-image",
      "$CORPUS/png/bad-zlib.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/bad-zlib.png\": "
    },
    {
     "name": "theme: --from-image absurd-dimensions.png",
     "arguments": [
      "theme",
      "--from-image",
      "$CORPUS/png/absurd-dimensions.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/absurd-dimensions.png\": image size 1000000x1000000 is over the limit"
    },
    {
     "name": "theme: --from-image palette-index-out-of-range.png",
     "arguments": [
      "theme",
      "--from-image",
      "$CORPUS/png/palette-index-out-of-range.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/palette-index-out-of-range.png\": palette index"
    },
    {
     "name": "theme: --from-image huge-chunk-length.png",
     "arguments": [
      "theme",
      "--from-image",
      "$CORPUS/png/huge-chunk-length.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/huge-chunk-length.png\": the data ends too early"
    },
    {
     "name": "theme: --from-image empty.png",
     "arguments": [
      "theme",
      "--from-image",
      "$CORPUS/png/empty.png",
      "--format",
      "kitty"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot decode \"$CORPUS/png/empty.png\": the data is empty"
    },
    {
     "name": "theme: missing output folder",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "-o",
      "$OUT/missing/k.conf"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/k.conf\": folder \"$OUT/missing\" does not exist"
    },
    {
     "name": "theme: output path is a folder",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "-o",
      "$OUT"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT\": it is a folder"
    },
    {
     "name": "theme: preview in a missing folder",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "--preview",
      "$OUT/missing/p.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/p.png\""
    },
    {
     "name": "theme: good output, preview in a missing folder: nothing written",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "-o",
      "$OUT/k.conf",
      "--preview",
      "$OUT/missing/p.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/p.png\""
    },
    {
     "name": "color info -: a bad line is reported by number, the others still come out",
     "arguments": [
      "color",
      "info",
      "-"
     ],
     "status": 1,
     "stderrPrefix": "pickers: line 2: cannot parse color \"notacolor\"",
     "stdin": "red\nnotacolor\nblue\n",
     "stdoutContains": [
      "#ff0000",
      "#0000ff"
     ]
    },
    {
     "name": "color info -: invalid UTF-8 on stdin",
     "arguments": [
      "color",
      "info",
      "-"
     ],
     "status": 1,
     "stderrPrefix": "pickers: line 2: not valid UTF-8",
     "stdinBytes": [
      114,
      101,
      100,
      10,
      255,
      254,
      10
     ],
     "stdoutContains": [
      "#ff0000"
     ]
    },
    {
     "name": "color convert -: invalid UTF-8 on stdin",
     "arguments": [
      "color",
      "convert",
      "-",
      "--to",
      "hex"
     ],
     "status": 1,
     "stderrPrefix": "pickers: line 1: not valid UTF-8",
     "stdinBytes": [
      255
     ]
    },
    {
     "name": "color convert -: 100,000 lines with one bad",
     "arguments": [
      "color",
      "convert",
      "-",
      "--to",
      "hex"
     ],
     "status": 1,
     "stderrPrefix": "pickers: line 50001: cannot parse color \"bad\"",
     "stdinRepeat": [
      [
       "red\n",
       50000
      ],
      [
       "bad\n",
       1
      ],
      [
       "blue\n",
       49999
      ]
     ],
     "stdoutContains": [
      "#ff0000",
      "#0000ff"
     ]
    },
    {
     "name": "palette simulate -: invalid UTF-8 on stdin",
     "arguments": [
      "palette",
      "simulate",
      "-"
     ],
     "status": 1,
     "stderrPrefix": "pickers: line 1: not valid UTF-8",
     "stdinBytes": [
      195
     ]
    },
    {
     "name": "invalid UTF-8 argument: color info \"$(printf '\\377')\"",
     "shell": "exec \"$PICKERS\" color info \"$(printf '\\377')\"",
     "status": 2,
     "stderrPrefix": "pickers: an argument is not valid UTF-8"
    },
    {
     "name": "invalid UTF-8 argument: font list --search \"$(printf 'a\\377b')\"",
     "shell": "exec \"$PICKERS\" font list --search \"$(printf 'a\\377b')\"",
     "status": 2,
     "stderrPrefix": "pickers: an argument is not valid UTF-8"
    },
    {
     "name": "invalid UTF-8 argument: font preview 'DejaVu Sans' --text \"$(printf '\\303')\" -o \"$OUT/a.png\"",
     "shell": "exec \"$PICKERS\" font preview 'DejaVu Sans' --text \"$(printf '\\303')\" -o \"$OUT/a.png\"",
     "status": 2,
     "stderrPrefix": "pickers: an argument is not valid UTF-8"
    },
    {
     "name": "invalid UTF-8 argument: \"$(printf '\\377')\"",
     "shell": "exec \"$PICKERS\" \"$(printf '\\377')\"",
     "status": 2,
     "stderrPrefix": "pickers: an argument is not valid UTF-8"
    },
    {
     "name": "invalid UTF-8 argument: color swatch \"$(printf 'r\\355\\240\\200d')\" -o \"$OUT/a.png\"",
     "shell": "exec \"$PICKERS\" color swatch \"$(printf 'r\\355\\240\\200d')\" -o \"$OUT/a.png\"",
     "status": 2,
     "stderrPrefix": "pickers: an argument is not valid UTF-8"
    },
    {
     "name": "color info - with standard input closed",
     "shell": "exec \"$PICKERS\" color info - <&-",
     "status": 1,
     "stderrPrefix": "pickers: cannot read standard input"
    },
    {
     "name": "color swatch - with standard input closed",
     "shell": "exec \"$PICKERS\" color swatch - -o \"$OUT/a.png\" <&-",
     "status": 1,
     "stderrPrefix": "pickers: cannot read standard input"
    },
    {
     "name": "broken pipe: pickers font list | head -c 1",
     "shell": "\"$PICKERS\" font list | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "broken pipe: pickers font list --faces --json | head -c 1",
     "shell": "\"$PICKERS\" font list --faces --json | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "broken pipe: pickers man | head -c 1",
     "shell": "\"$PICKERS\" man | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "broken pipe: pickers completion bash | head -c 1",
     "shell": "\"$PICKERS\" completion bash | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "broken pipe: pickers palette accents --format css | head -c 1",
     "shell": "\"$PICKERS\" palette accents --format css | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "broken pipe: pickers color swatch red --size 2048x2048 -o - | head -c 1",
     "shell": "\"$PICKERS\" color swatch red --size 2048x2048 -o - | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "palette convert: missing file",
     "arguments": ["palette", "convert", "/nonexistent/palette.gpl"],
     "status": 1,
     "stderrPrefix": "pickers: cannot read \"/nonexistent/palette.gpl\": no such file"
    },
    {
     "name": "palette convert: no file named",
     "arguments": ["palette", "convert"],
     "status": 2,
     "stderrPrefix": "pickers: missing argument <FILE>"
    },
    {
     "name": "color sample: --count 0",
     "arguments": ["color", "sample", "--count", "0"],
     "status": 2,
     "stderrPrefix": "pickers: --count must be between 1 and 100, not 0"
    },
    {
     "name": "color sample: --at not a position",
     "arguments": ["color", "sample", "--at", "x"],
     "status": 2,
     "stderrPrefix": "pickers: --at takes X,Y, two whole numbers from 0 to 32767, not 'x'"
    },
    {
     "name": "broken pipe: pickers font list | head -1",
     "shell": "\"$PICKERS\" font list | head -1 >/dev/null; exit ${PIPESTATUS[0]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "broken pipe: 100,000 conversions into head -1",
     "shell": "yes red | head -100000 | \"$PICKERS\" color convert - --to hex | head -1 >/dev/null; exit ${PIPESTATUS[2]}",
     "status": 0,
     "stderrPrefix": "",
     "stderrExact": true
    },
    {
     "name": "color convert --json: bad color, nothing printed",
     "arguments": [
      "color",
      "convert",
      "nonsense",
      "--to",
      "hex",
      "--json"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"nonsense\""
    },
    {
     "name": "color convert --json takes no value",
     "arguments": [
      "color",
      "convert",
      "red",
      "--to",
      "hex",
      "--json=yes"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --json does not take a value"
    },
    {
     "name": "color convert --json: a bad line of standard input is reported, the rest answered",
     "arguments": [
      "color",
      "convert",
      "-",
      "--to",
      "hex",
      "--json"
     ],
     "stdin": "red\nbogus\n",
     "status": 1,
     "stderrPrefix": "pickers: line 2: cannot parse color \"bogus\"",
     "stdoutContains": [
      "\"css\" : \"#ff0000\""
     ]
    },
    {
     "name": "color mix --json: bad color",
     "arguments": [
      "color",
      "mix",
      "red",
      "nonsense",
      "--json"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"nonsense\""
    },
    {
     "name": "color mix --json: --amount out of range",
     "arguments": [
      "color",
      "mix",
      "red",
      "blue",
      "--amount",
      "2",
      "--json"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --amount must be between 0 and 1, not 2"
    },
    {
     "name": "color diff --json: bad second color",
     "arguments": [
      "color",
      "diff",
      "red",
      "nonsense",
      "--json"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"nonsense\""
    },
    {
     "name": "color diff --json: B may not be -",
     "arguments": [
      "color",
      "diff",
      "red",
      "-",
      "--json"
     ],
     "status": 2,
     "stderrPrefix": "pickers: only A may be - (standard input)"
    },
    {
     "name": "color pick: --json with another --format",
     "arguments": [
      "color",
      "pick",
      "--json",
      "--format",
      "hex"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --json is --format json: it cannot be combined with --format hex"
    },
    {
     "name": "theme: --json with another --format",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--json",
      "--format",
      "kitty"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --json is --format json: it cannot be combined with --format kitty"
    },
    {
     "name": "theme: --json with --template",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--json",
      "--template",
      "$FIXTURES/none.in"
     ],
     "status": 2,
     "stderrPrefix": "pickers: give --json or --template, not both"
    },
    {
     "name": "font match: --format with --json",
     "arguments": [
      "font",
      "match",
      "serif",
      "--format",
      "%{family}",
      "--json"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --format cannot be combined with --json"
    },
    {
     "name": "font match: --format template fontconfig cannot read",
     "arguments": [
      "font",
      "match",
      "serif",
      "--format",
      "%{family"
     ],
     "status": 1,
     "stderrPrefix": "",
     "stderrContains": [
      "pickers: cannot read the --format template \"%{family\""
     ]
    },
    {
     "name": "font match: --format without a value",
     "arguments": [
      "font",
      "match",
      "serif",
      "--format"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing value for --format <TEMPLATE>"
    },
    {
     "name": "preview: --size with two different sides is a picture size",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "--size",
      "48x20",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '48x20' is a picture size (WxH): the text size is a number of pixels, such as 48"
    },
    {
     "name": "preview: --size NxN out of range",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "--size",
      "0x0",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size must be between 1 and 4096, not 0x0"
    },
    {
     "name": "preview: --size WxH that is not a size",
     "arguments": [
      "font",
      "preview",
      "DejaVu Sans",
      "--size",
      "48xbig",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '48xbig' is not a text size: the text size is a number of pixels, such as 48"
    },
    {
     "name": "specimen: --size with two different sides",
     "arguments": [
      "font",
      "specimen",
      "DejaVu Sans",
      "--size",
      "10x12",
      "-o",
      "$OUT/a.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --size '10x12' is a picture size (WxH)"
    },
    {
     "name": "palette distinct: --count 0",
     "arguments": [
      "palette",
      "distinct",
      "--count",
      "0"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --count must be between 1 and 256, not 0"
    },
    {
     "name": "palette distinct: -n not a number",
     "arguments": [
      "palette",
      "distinct",
      "-n",
      "many"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --count takes a whole number, not 'many'"
    },
    {
     "name": "palette distinct: --count and N disagree",
     "arguments": [
      "palette",
      "distinct",
      "3",
      "--count",
      "4"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --count 4 and N 3 disagree: give the count once"
    },
    {
     "name": "palette distinct: no count",
     "arguments": [
      "palette",
      "distinct"
     ],
     "status": 2,
     "stderrPrefix": "pickers: missing --count N: how many colors, 1-256"
    },
    {
     "name": "swatch: -o into a missing folder says how to create it",
     "arguments": [
      "color",
      "swatch",
      "red",
      "-o",
      "$OUT/missing/a.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/a.png\": folder \"$OUT/missing\" does not exist (create it with mkdir -p $OUT/missing, or pass --mkdir)"
    },
    {
     "name": "swatch: --mkdir takes no value",
     "arguments": [
      "color",
      "swatch",
      "red",
      "--mkdir=yes",
      "-o",
      "$OUT/a/b.png"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --mkdir does not take a value"
    },
    {
     "name": "swatch: --mkdir with a bad color makes no folder",
     "arguments": [
      "color",
      "swatch",
      "nonsense",
      "--mkdir",
      "-o",
      "$OUT/a/b.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"nonsense\""
    },
    {
     "name": "swatch: --mkdir through a file in the path",
     "shell": "touch \"$OUT/f\"; \"$PICKERS\" color swatch red --mkdir -o \"$OUT/f/x/a.png\"; s=$?; rm \"$OUT/f\"; exit $s",
     "status": 1,
     "stderrPrefix": "pickers: cannot "
    },
    {
     "name": "preview: --mkdir with an unknown family makes no folder",
     "arguments": [
      "font",
      "preview",
      "No Such Family Here",
      "--mkdir",
      "-o",
      "$OUT/a/b.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named"
    },
    {
     "name": "specimen: --mkdir with an unknown family makes no folder",
     "arguments": [
      "font",
      "specimen",
      "No Such Family Here",
      "--mkdir",
      "-o",
      "$OUT/a/b.png"
     ],
     "status": 1,
     "stderrPrefix": "pickers: no font family named"
    },
    {
     "name": "palette scale: --mkdir with a bad format makes no folder",
     "arguments": [
      "palette",
      "scale",
      "red",
      "--format",
      "pdf",
      "--mkdir",
      "-o",
      "$OUT/a/b.txt"
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown format 'pdf'"
    },
    {
     "name": "theme: --mkdir, and the theme file's path is a folder: the preview and its folders are removed",
     "arguments": [
      "theme",
      "--accent",
      "red",
      "--format",
      "kitty",
      "--mkdir",
      "--preview",
      "$OUT/new/p.png",
      "-o",
      "$OUT"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT\": it is a folder"
    },
    {
     "name": "font pick: --json takes no value",
     "arguments": [
      "font",
      "pick",
      "--json=yes"
     ],
     "status": 2,
     "stderrPrefix": "pickers: --json does not take a value"
    },
    {
     "name": "palette accents: --mkdir with a bad format makes no folder",
     "arguments": [
      "palette",
      "accents",
      "--format",
      "pdf",
      "--mkdir",
      "-o",
      "$OUT/a/b.txt"
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown format 'pdf'"
    },
    {
     "name": "palette harmony: --mkdir with a bad color makes no folder",
     "arguments": [
      "palette",
      "harmony",
      "nonsense",
      "--mkdir",
      "-o",
      "$OUT/a/b.gpl"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"nonsense\""
    },
    {
     "name": "palette distinct: --mkdir with a bad format makes no folder",
     "arguments": [
      "palette",
      "distinct",
      "--count",
      "3",
      "--format",
      "pdf",
      "--mkdir",
      "-o",
      "$OUT/a/b.txt"
     ],
     "status": 1,
     "stderrPrefix": "pickers: unknown format 'pdf'"
    },
    {
     "name": "palette from-image: --mkdir with a missing image makes no folder",
     "arguments": [
      "palette",
      "from-image",
      "$OUT/none.png",
      "--mkdir",
      "-o",
      "$OUT/a/b.gpl"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read \"$OUT/none.png\": no such file"
    },
    {
     "name": "palette simulate: --mkdir with a bad color makes no folder",
     "arguments": [
      "palette",
      "simulate",
      "nonsense",
      "--mkdir",
      "-o",
      "$OUT/a/b.gpl"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot parse color \"nonsense\""
    },
    {
     "name": "palette convert: --mkdir with a missing file makes no folder",
     "arguments": [
      "palette",
      "convert",
      "$OUT/none.gpl",
      "--mkdir",
      "-o",
      "$OUT/a/b.gpl"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot read \"$OUT/none.gpl\": no such file"
    },
    {
     "name": "palette accents: -o into a missing folder says how to create it",
     "arguments": [
      "palette",
      "accents",
      "-o",
      "$OUT/missing/a.gpl"
     ],
     "status": 1,
     "stderrPrefix": "pickers: cannot write \"$OUT/missing/a.gpl\": folder \"$OUT/missing\" does not exist (create it with mkdir -p $OUT/missing, or pass --mkdir)"
    }
   ]
  }
  """#
