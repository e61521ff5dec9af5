package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/xeipuuv/gojsonschema"
)

// validateValues checks the release's values against the chart's values.schema.json with the
// validator Helm 3 uses (gojsonschema), and fails with Helm's message when they do not meet it.
func validateValues(dir, chartName string, vals Values) error {
	schema, err := os.ReadFile(filepath.Join(dir, "values.schema.json"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	data, err := json.Marshal(vals)
	if err != nil {
		return err
	}
	result, err := gojsonschema.Validate(gojsonschema.NewBytesLoader(schema), gojsonschema.NewBytesLoader(data))
	if err != nil {
		return fmt.Errorf("%s: values.schema.json: %w", chartName, err)
	}
	if result.Valid() {
		return nil
	}
	var sb strings.Builder
	for _, problem := range result.Errors() {
		fmt.Fprintf(&sb, "- %s\n", problem)
	}
	return errors.New("values don't meet the specifications of the schema(s) in the following chart(s):\n" +
		chartName + ":\n" + sb.String())
}
