import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPMockURLProtocol {
    /// A URL protocol class of one mock: the mock's session installs it, so
    /// the class of a protocol instance names the mock that must answer.
    ///
    /// Swift makes a distinct class for every distinct `Tag` type, and
    /// ``taggedClass(number:)`` spells every number as a distinct tag type.
    final class TaggedClass<Tag: HTTPMockTag>: HTTPMockURLProtocol {}

    /// The tagged class of `number`: `Bit0`/`Bit1` types nested from the
    /// lowest bit of `number` up to its highest set bit, so a distinct number
    /// gives a distinct class, and the nesting stays 64 levels deep at most.
    static func taggedClass(number: UInt64) -> HTTPMockURLProtocol.Type {
        func tagged<Tag: HTTPMockTag>(_: Tag.Type, remainingBits bits: UInt64) -> HTTPMockURLProtocol.Type {
            if bits == 0 {
                return TaggedClass<Tag>.self
            }
            return bits & 1 == 0
                ? tagged(HTTPMockTagBit0<Tag>.self, remainingBits: bits >> 1)
                : tagged(HTTPMockTagBit1<Tag>.self, remainingBits: bits >> 1)
        }
        return tagged(HTTPMockTagEnd.self, remainingBits: number)
    }
}

/// A type that only tells URL protocol classes apart.
protocol HTTPMockTag {}

/// The innermost tag.
enum HTTPMockTagEnd: HTTPMockTag {}

/// A zero bit, then the bits of `Rest`.
enum HTTPMockTagBit0<Rest: HTTPMockTag>: HTTPMockTag {}

/// A one bit, then the bits of `Rest`.
enum HTTPMockTagBit1<Rest: HTTPMockTag>: HTTPMockTag {}
