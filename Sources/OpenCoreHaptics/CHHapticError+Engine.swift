import HapticEngine
import HapticPattern

extension CHHapticError {
    /// Converts a runtime error to Core Haptics' code.
    init(_ error: EngineError) {
        let code: CHHapticError.Code =
            switch error.code {
            case .engineNotRunning: .engineNotRunning
            case .invalidTime: .invalidTime
            case .invalidPlayer: .invalidPatternPlayer
            case .resourceNotAvailable: .resourceNotAvailable
            case .deviceUnavailable: .serverInitFailed
            case .deviceFailed: .serverInterrupted
            }
        self.init(code, message: error.message)
    }
}

/// Runs `body`, converting runtime and pattern errors to ``CHHapticError``.
func withCoreHapticsErrors<T>(_ body: () throws -> T) throws(CHHapticError) -> T {
    do {
        return try body()
    } catch let error as EngineError {
        throw CHHapticError(error)
    } catch let error as PatternError {
        throw CHHapticError(error)
    } catch let error as CHHapticError {
        throw error
    } catch {
        throw CHHapticError(.unknownError, message: "\(error)")
    }
}
