// expect: conform to 'Identifiable'
// A `ForEach` over data that is not `Identifiable` (currency names are
// plain strings) without `id:`.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct ForEachNotIdentifiableCanary: View {
    let facts: CountryFacts

    var body: some View {
        List {
            ForEach(facts.currencies) { currency in
                Text(currency)
            }
        }
    }
}
