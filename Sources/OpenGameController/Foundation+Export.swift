// GameController brings Foundation with it: game code uses `NotificationCenter`, `Notification` and `TimeInterval`
// with only `import GameController`. Re-export Foundation (on Linux, swift-corelibs-foundation) so the same code
// compiles with only `import OpenGameController`.
@_exported import Foundation
