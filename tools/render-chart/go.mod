// Built in GOPATH mode against Debian's Go packages (golang-github-masterminds-sprig-dev,
// golang-gopkg-yaml.v2-dev, golang-github-xeipuuv-gojsonschema-dev), offline: see ./helm. This
// file only lets GOPATH mode resolve the /v3 import paths of sprig and semver.
module render-chart

go 1.19
