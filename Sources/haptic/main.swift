// The `haptic` command-line tool; the commands live in HapticCommands.
import HapticCommands

Haptic.runFromCommandLine()
