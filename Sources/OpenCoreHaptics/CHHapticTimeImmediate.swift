import Foundation

/// The time value that means "as soon as possible" (0) wherever a player or engine call takes a time.
///
///     try player.start(atTime: CHHapticTimeImmediate)
public let CHHapticTimeImmediate: TimeInterval = 0
