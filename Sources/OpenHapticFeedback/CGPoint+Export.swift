// UIKit code passes CGPoint to the iOS 17.5 location variants (`impactOccurred(at:)`, `alignmentOccurred(at:)`, …)
// and gets the type from `import UIKit`; re-export Foundation's (swift-corelibs-foundation declares it on Linux) so
// that the same code compiles with only `import OpenHapticFeedback`, as CGFloat+Export.swift does for CGFloat.
@_exported import struct Foundation.CGPoint
