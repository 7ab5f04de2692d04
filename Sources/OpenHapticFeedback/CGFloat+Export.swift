// UIKit code passes CGFloat to `impactOccurred(intensity:)` and gets the type from `import UIKit`; re-export it
// so that the same code compiles with only `import OpenHapticFeedback`.
@_exported import struct Foundation.CGFloat
