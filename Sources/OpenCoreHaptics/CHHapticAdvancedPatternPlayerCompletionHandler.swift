import Foundation

/// The type of ``CHHapticAdvancedPatternPlayer/completionHandler``.
public typealias CHHapticAdvancedPatternPlayerCompletionHandler = (Error?) -> Void
