import Foundation
import Keel
import KeelWebClient

/// The calls of the restcountries v3.1 API that the app makes.
///
/// The API requires a `fields` list on `/all` and serves at most ten fields
/// per request, so the full list is read in two requests, merged by `cca3`.
enum CountryAPI {
    /// The fields of the first `/all` request: names, codes and facts.
    static let listFields = ["name", "cca2", "cca3", "capital", "region", "subregion", "population", "area", "flag", "translations"]
    /// The fields of the second `/all` request.
    static let extraFields = ["cca3", "currencies", "languages", "borders"]

    /// Every country, with ``listFields``.
    static let all = APICall(path: "all", query: [URLQueryItem(name: "fields", value: listFields.joined(separator: ","))])

    /// Every country, with ``extraFields``.
    static let allExtras = APICall(path: "all", query: [URLQueryItem(name: "fields", value: extraFields.joined(separator: ","))])

    /// The country with the alpha-3 `code`, with every field.
    static func alpha(_ code: String) -> APICall {
        APICall(path: "alpha/\(code)")
    }
}
