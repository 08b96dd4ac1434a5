/// The method of an HTTP request, such as `GET` or `POST`.
///
/// The common methods are provided as static members (``get``, ``post``…);
/// any other token can be spelled with ``init(rawValue:)``.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method as it appears on the wire, for example `"GET"`.
    public var rawValue: String

    /// Creates a method from its wire spelling. Methods are case-sensitive.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: reads a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: creates a resource or submits data.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replaces a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: partially updates a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: deletes a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: reads the headers of a resource, without its body.
    public static let head = HTTPMethod(rawValue: "HEAD")

    /// The wire spelling of the method.
    public var description: String { rawValue }

    /// Whether the method is a valid HTTP token (RFC 9110 §5.6.2).
    var isValidToken: Bool {
        !rawValue.isEmpty && rawValue.unicodeScalars.allSatisfy(HTTPMethod.isTokenCharacter)
    }

    /// Whether `scalar` may appear in an HTTP token (a method or a header name).
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9":
            return true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~":
            return true
        default:
            return false
        }
    }
}
