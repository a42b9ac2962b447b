#!/bin/sh
# The fast part of the tests: every test target but CLITests (the end-to-end target: it runs the render-grid
# binary), less the tests that run an outside program (pngcheck, ffmpeg, python3, mount, the render-grid binary).
# Those carry the tag `.externalTool`; Swift 6.3's `swift test` does not filter by tag yet (`--skip tag:…` is taken
# as a name), so they are named here. Extra arguments go to swift test: scripts/test-fast.sh --skip-build
set -eu
external='SchemaValidatorTests|/(pngcheckAccepts|ffprobeCountsTheFrames|ffmpegDecodesEveryFrame'
external="$external|junitParsesWithPythonsElementTree|htmlTextSurvivesAParser|unwritableReportIsAnOutputError"
external="$external|diffTraceSheetAndPlotReadARecording)"
exec swift test --skip '^CLITests\.' --skip "$external" "$@"
