module tandem.example/clients/go-e2e

go 1.23

require tandem.example/clients/go v0.0.0

require gopkg.in/validator.v2 v2.0.1 // indirect

// the client generated from api-spec/openapi.yaml by the build (the pom's go-client execution)
replace tandem.example/clients/go => ../../target/generated-sources/openapi-go
