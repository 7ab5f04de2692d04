// The studio server, `haptic studio`'s program: a product of its own so that `haptic` never links the web stack.
import HapticCommands

StudioServerCommand.main(Haptic.commandLineWithLogging())
