import HapticSystem
import Testing

/// ``DynamicLibrary``: the one `dlopen` loader every run-time library goes through.
@Suite struct DynamicLibraryTests {
    private typealias StringLength = @convention(c) (UnsafePointer<CChar>) -> Int

    @Test func resolvesARealEntryPointAndCallsIt() throws {
        let strlen = try DynamicLibrary.load(["libc.so.6"]) { library throws(DynamicLibrary.LoadError) in
            try library.symbol("strlen", as: StringLength.self)
        }.get()
        #expect("haptic".withCString { strlen($0) } == 6)
    }

    @Test func triesTheNextCandidateWhenOneIsMissing() throws {
        let name = try DynamicLibrary.load(["libopencorehaptics-missing.so.9", "libc.so.6"]) { library throws(DynamicLibrary.LoadError) in
            _ = try library.symbol("strlen", as: StringLength.self)
            return library.name
        }.get()
        #expect(name == "libc.so.6")
    }

    @Test func aMissingLibraryIsAClearError() {
        let result = DynamicLibrary.load(["libopencorehaptics-missing.so.9"]) { library throws(DynamicLibrary.LoadError) in library.name }
        guard case .failure(let error) = result else {
            Issue.record("a library that does not exist loaded")
            return
        }
        #expect(error.library == "libopencorehaptics-missing.so.9")
        #expect(error.symbol == nil)
        #expect(error.description.contains("libopencorehaptics-missing.so.9"), "\(error)")
    }

    @Test func aMissingSymbolNamesTheLibraryAndTheSymbol() {
        let result = DynamicLibrary.load(["libc.so.6"]) { library throws(DynamicLibrary.LoadError) in
            try library.symbol("opencorehaptics_no_such_function", as: StringLength.self)
        }
        guard case .failure(let error) = result else {
            Issue.record("a symbol that does not exist resolved")
            return
        }
        #expect(error.library == "libc.so.6")
        #expect(error.symbol == "opencorehaptics_no_such_function")
        #expect(error.description == "libc.so.6 lacks the entry point opencorehaptics_no_such_function")
    }

    @Test func anOptionalSymbolThatIsMissingIsNil() throws {
        let found = try DynamicLibrary.load(["libc.so.6"]) { library throws(DynamicLibrary.LoadError) in
            library.optionalSymbol("opencorehaptics_no_such_function", as: StringLength.self) == nil
        }.get()
        #expect(found)
    }
}
