// expect: no dynamic member 'resultsCount'
// A view-model property renamed (`resultCount`, not `resultsCount`): a syntax
// check passes it, a type-check must not.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct RenamedPropertyCanary: View {
    @State private var model: CountryListViewModel

    init(service: any Serving) {
        _model = State(wrappedValue: CountryListViewModel(service))
    }

    var body: some View {
        Text("\(model.resultsCount) countries")
    }
}
