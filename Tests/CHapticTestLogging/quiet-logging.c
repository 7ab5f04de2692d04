// The tests exercise failures on purpose (a device that fails, a pad unplugged, a bad HAPTIC_DEVICE), and the
// library reports each one through swift-log at warning or error level. Without an application to bootstrap the
// logging system, swift-log prints them, and a passing run reads like a failing one. Test frameworks have no hook
// that runs before every test in the process, so a load-time constructor routes the library's loggers to a capture
// that prints nothing (OPENCOREHAPTICS_TEST_LOG=1 prints them again). Tests that check diagnostics pass a logger of
// their own.
#include "CHapticTestLogging.h"

extern void HapticTestSupport_quietLibraryLogging(void);

__attribute__((constructor)) static void quietLibraryLoggingAtLoad(void) { HapticTestSupport_quietLibraryLogging(); }
