import CPDIFacts
import Testing

@Suite struct NestingGuardTests {
    @Test func bracketsInStringsAndCommentsDoNotCount() {
        let text = "let s = \"" + String(repeating: "[", count: 50) + "\"\n// " + String(repeating: "[", count: 50)
            + "\n/* " + String(repeating: "(", count: 300) + " */\nlet ok = 1\n"
        #expect(NestingGuard.refusal(Array(text.utf8)) == nil)
    }

    @Test func theLineOfTheFirstTooDeepBracketIsGiven() {
        let text = "let a = 1\nlet b = 2\nlet c = " + String(repeating: "[", count: 17)
        #expect(NestingGuard.refusal(Array(text.utf8))?.line == 3)
    }

    /// Found by the fuzzer: a comment in a file with `\r` line endings hid the brackets after it.
    @Test func carriageReturnsEndComments() {
        let text = "let a = 1 // note\r" + String(repeating: "[", count: 30) + "\r\nlet b = 2\r"
        #expect(NestingGuard.refusal(Array(text.utf8))?.line == 2)
        #expect(NestingGuard.refusal(Array("a\r\nb\r\n".utf8)) == nil)
    }

    /// Found by the fuzzer: brackets in the code of a string's interpolation count.
    @Test func interpolationsAreCode() {
        let text = "log(\"Loaded \\(" + String(repeating: "[", count: 30) + "\")\n"
        #expect(NestingGuard.refusal(Array(text.utf8))?.line == 1)
        #expect(NestingGuard.refusal(Array("let s = \"a \\(f(x)) [[[[[[[[[[[[[[[[[[[[ b\"\n\"\"\"\n[[[[[[[[[[[[[[[[[[[[\n\"\"\"\n".utf8)) == nil)
    }

    /// Found by the fuzzer: twelve hundred nested interpolations (`"\\("\\("…`) took the parser past 20 GB.
    @Test func nestedInterpolationsNestLikeBrackets() {
        let text = "let s = " + String(repeating: "\"\\(", count: 250) + "\n"
        #expect(NestingGuard.refusal(Array(text.utf8))?.reason == "brackets nested more than 200 deep")
    }

    /// swift-syntax's own tests hold raw strings with lone quotes and brackets: text, not code.
    @Test func rawStringsAreText() {
        let brackets = String(repeating: "[", count: 30)
        let text = "let a = #\"\"\"\n  \"abc \\(x) \(brackets)\n  \"\"\"#\nlet b = #\"say \"\(brackets)\"#\nlet c = #\"\\#(f(x)) ok\"#\n"
        #expect(NestingGuard.refusal(Array(text.utf8)) == nil)
        #expect(NestingGuard.refusal(Array("let d = #\"\\#(\(brackets))\"#\n".utf8)) != nil)
    }

    /// Found by the fuzzer: a 24,000-character name and 2,000 `&` on a line each took over two seconds.
    @Test func hugeNamesAndCompositionsAreRefused() {
        #expect(NestingGuard.refusal(Array(("let " + String(repeating: "x", count: 5_000) + " = 1\n").utf8))?.reason == "a name longer than 4096 characters")
        #expect(NestingGuard.refusal(Array(("typealias X = " + String(repeating: "A & ", count: 600) + "B\n").utf8))?.reason == "more than 500 `&` on one line")
        #expect(NestingGuard.refusal(Array(String(repeating: "typealias X = A & B & C\n", count: 600).utf8)) == nil)
    }

    @Test func comparisonsWithoutSpacesOnManyLinesAreNotGenerics() {
        let text = String(repeating: "if a<b { print(a<b) }\n", count: 500)
        #expect(NestingGuard.refusal(Array(text.utf8)) == nil)
    }
}
