import Foundation
import Testing
@testable import GridModel

/// Issue 9, item 11: `style.labelFormat`.
@Suite struct LabelFormatDecoderTests {
    @Test func defaultsToPlain() throws {
        #expect(try decode(DecoderTests.styled("{}")).style.labelFormat == .plain)
        #expect(Style().labelFormat == .plain)
    }

    @Test func decodesEachFormat() throws {
        for format in LabelFormat.allCases {
            let s = try decode(DecoderTests.styled(#"{ "labelFormat": "\#(format.rawValue)" }"#))
            #expect(s.style.labelFormat == format)
        }
        #expect(LabelFormat.allCases.map(\.rawValue) == ["plain", "grouped"])
    }

    @Test(arguments: [#""Grouped""#, #""formatted""#, #""""#])
    func rejectsOtherNamesWithThePathAndTheAllowedValues(_ value: String) {
        #expect {
            _ = try decode(DecoderTests.styled(#"{ "labelFormat": \#(value) }"#))
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.kind == .invalidValue && error.path == "style.labelFormat" && "\(error)".contains(#""plain", "grouped""#)
        }
    }

    @Test(arguments: ["1", "null", "true", #"["grouped"]"#])
    func rejectsOtherTypesWithThePath(_ value: String) {
        #expect {
            _ = try decode(DecoderTests.styled(#"{ "labelFormat": \#(value) }"#))
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.kind == .wrongType && error.path == "style.labelFormat"
        }
    }

    @Test func aTypoGetsAHint() {
        #expect {
            _ = try decode(DecoderTests.styled(#"{ "labelFormat": "groupd" }"#))
        } throws: { "\($0)".contains("did you mean \"grouped\"") }
        #expect {
            _ = try decode(DecoderTests.styled(#"{ "labelFormats": "grouped" }"#))
        } throws: { "\($0)".contains("labelFormat") }
    }
}
