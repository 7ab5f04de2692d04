// UIKit, AppKit and WatchKit bring Foundation with them: code written for them uses `DispatchQueue`, `NSObject`,
// `TimeInterval`, `NotificationCenter`, `CGFloat` and `CGPoint` with only `import UIKit`. Re-export Foundation (on
// Linux, swift-corelibs-foundation) so the same code compiles with only `import OpenHapticFeedback`.
@_exported import Foundation
