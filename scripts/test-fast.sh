#!/bin/sh
# The fast part of the tests: every test target but CLITests (the end-to-end target: it runs the render-grid
# binary), less the tests that start a process: those that run an outside program (pngcheck, ffmpeg, python3, mount,
# the render-grid binary; tagged `.externalTool`) and the exit tests (`#expect(processExitsWith:)`, which run the
# test binary again to show that extreme values do not trap). Swift 6.3's `swift test` does not filter by tag yet
# (`--skip tag:…` is taken as a name), so they are named here; ReadmeCommandsTests checks that every exit test is.
# Extra arguments go to swift test: scripts/test-fast.sh --skip-build
set -eu
external='SchemaValidatorTests|/(pngcheckAccepts|ffprobeCountsTheFrames|ffmpegDecodesEveryFrame'
external="$external|junitParsesWithPythonsElementTree|htmlTextSurvivesAParser|unwritableReportIsAnOutputError"
external="$external|diffTraceSheetAndPlotReadARecording)"
exits='/(aSpentSimulationStaysSpent|bundledScenariosKeepTheInvariants|'
exits="${exits}contactSheetWithLargestAllowedOptionsDoesNotTrap|controlOrdinaryValuesRender|"
exits="${exits}extremeLimitsDoNotTrap|fileRenderWithExtremeOptionsDoesNotTrap|"
exits="${exits}hugeScaleWithTheHUDThrowsAndTheHUDIsTotal|imageDiffWithExtremeOptionsDoesNotTrap|"
exits="${exits}inMemoryRenderingWithExtremeRangesAndJobsDoesNotTrap|labelPlacementIsTotalForAnySizeAndScale|"
exits="${exits}layerAtTheEdgeOfInt64Renders|layerWithAnOverflowingTileCountRenders|"
exits="${exits}minimumReuseCountWithShowReuseDoesNotTrap|mismatchedSimulationsDoNotTrap|"
exits="${exits}negativeReuseCountWithShowReuseDoesNotTrap|outOfRangeStylesAndScalesThrowInsteadOfTrapping|"
exits="${exits}randomValidScenariosKeepTheInvariants|thinImagesAndEdgeOptionsDoNotTrap|"
exits="${exits}tileCountOfHugeCountsIsBoundedAndDoesNotTrap|tilesOfAHugeCountAreBoundedPerAxis|"
exits="${exits}tilesStopAtTheEdgeOfInt64|tracePlotOfExtremeFramesDoesNotTrap)"
exec swift test --skip '^CLITests\.' --skip "$external" --skip "$exits" "$@"
