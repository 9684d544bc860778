import Testing

/// Where a helper was called from, in the forms both test frameworks want.
///
/// Swift Testing takes a `SourceLocation` (file ID, path, line, column); XCTest takes a
/// `StaticString` path and a `UInt` line. Entry points take all four and pass this along.
@usableFromInline
struct CallSite: Sendable {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt
    /// The path Swift Testing gave, for a site that came from a `SourceLocation` (a test's own):
    /// it has no `StaticString` for XCTest, and is reported only inside a Swift Testing test.
    var swiftTestingFilePath: String?

    @usableFromInline
    init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The file's name, without its module: `UntilTests.swift`.
    var fileName: String {
        String(fileID.split(separator: "/").last ?? Substring(fileID))
    }

    /// The site of a Swift Testing `SourceLocation`, such as a test's declaration.
    init(_ location: SourceLocation) {
        self.init(
            fileID: location.fileID, filePath: "", line: UInt(location.line),
            column: UInt(location.column))
        swiftTestingFilePath = location.filePath
    }
}
