package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v2"
)

// Values are what Helm hands templates: JSON-shaped maps, with every YAML number a float64 (Helm
// reads YAML through JSON) and --set integers as int64.
type Values = map[string]interface{}

// chartMetadata is the part of Chart.yaml the templates and the checks use.
type chartMetadata struct {
	Name        string `yaml:"name"`
	Version     string `yaml:"version"`
	AppVersion  string `yaml:"appVersion"`
	KubeVersion string `yaml:"kubeVersion"`
	Type        string `yaml:"type"`
	Description string `yaml:"description"`
}

func loadChart(dir string) (chartMetadata, error) {
	var meta chartMetadata
	data, err := os.ReadFile(filepath.Join(dir, "Chart.yaml"))
	if err != nil {
		return meta, err
	}
	if err := yaml.Unmarshal(data, &meta); err != nil {
		return meta, fmt.Errorf("Chart.yaml: %w", err)
	}
	if meta.Name == "" || meta.Version == "" {
		return meta, fmt.Errorf("Chart.yaml: name and version are required")
	}
	return meta, nil
}

// readValues parses a YAML document into JSON-shaped values.
func readValues(data []byte, source string) (Values, error) {
	var raw interface{}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if raw == nil {
		return Values{}, nil
	}
	vals, ok := jsonShaped(raw).(map[string]interface{})
	if !ok {
		return nil, fmt.Errorf("%s: not a map of values", source)
	}
	return vals, nil
}

func jsonShaped(v interface{}) interface{} {
	switch t := v.(type) {
	case map[interface{}]interface{}:
		out := make(map[string]interface{}, len(t))
		for k, val := range t {
			out[fmt.Sprint(k)] = jsonShaped(val)
		}
		return out
	case []interface{}:
		out := make([]interface{}, len(t))
		for i, val := range t {
			out[i] = jsonShaped(val)
		}
		return out
	case int:
		return float64(t)
	case int64:
		return float64(t)
	case uint64:
		return float64(t)
	default:
		return t
	}
}

// coalesce merges `over` into `base` as Helm does: maps key by key, anything else replaced
// whole, and a null in `over` removes the key.
func coalesce(base, over Values) Values {
	out := make(Values, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		if v == nil {
			delete(out, k)
			continue
		}
		baseMap, baseIsMap := out[k].(map[string]interface{})
		overMap, overIsMap := v.(map[string]interface{})
		if baseIsMap && overIsMap {
			out[k] = coalesce(baseMap, overMap)
		} else {
			out[k] = v
		}
	}
	return out
}

// applySet applies one --set argument: comma-separated a.b.c=value pairs (`\,` and `\.` escape).
func applySet(vals Values, arg string) error {
	for _, pair := range splitEscaped(arg, ',') {
		key, raw, ok := strings.Cut(pair, "=")
		if !ok || key == "" {
			return fmt.Errorf("--set %q: expected key=value", pair)
		}
		if strings.ContainsAny(key, "[]") {
			return fmt.Errorf("--set %q: list indexes are not supported here", pair)
		}
		path := splitEscaped(key, '.')
		node := vals
		for _, part := range path[:len(path)-1] {
			next, ok := node[part].(map[string]interface{})
			if !ok {
				next = map[string]interface{}{}
				node[part] = next
			}
			node = next
		}
		node[path[len(path)-1]] = typedSetValue(raw)
	}
	return nil
}

// typedSetValue types a --set value as Helm's strvals does: true/false, null, integers (not
// with a leading zero) as int64; anything else, floats included, stays a string.
func typedSetValue(text string) interface{} {
	switch {
	case strings.EqualFold(text, "true"):
		return true
	case strings.EqualFold(text, "false"):
		return false
	case strings.EqualFold(text, "null"):
		return nil
	case text == "0":
		return int64(0)
	}
	if len(text) > 0 && text[0] != '0' {
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return n
		}
	}
	return text
}

func splitEscaped(text string, sep rune) []string {
	var parts []string
	var current strings.Builder
	escaped := false
	for _, r := range text {
		switch {
		case escaped:
			if r != sep {
				current.WriteRune('\\')
			}
			current.WriteRune(r)
			escaped = false
		case r == '\\':
			escaped = true
		case r == sep:
			parts = append(parts, current.String())
			current.Reset()
		default:
			current.WriteRune(r)
		}
	}
	return append(parts, current.String())
}

// releaseValues are the chart's values.yaml, then each -f file, then the --set arguments.
func releaseValues(opts options) (Values, error) {
	data, err := os.ReadFile(filepath.Join(opts.chart, "values.yaml"))
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	vals, err := readValues(data, "values.yaml")
	if err != nil {
		return nil, err
	}
	user := Values{}
	for _, file := range opts.valueFiles {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		more, err := readValues(data, file)
		if err != nil {
			return nil, err
		}
		user = mergeUser(user, more)
	}
	sets := Values{}
	for _, arg := range opts.sets {
		if err := applySet(sets, arg); err != nil {
			return nil, err
		}
	}
	user = mergeUser(user, sets)
	return coalesce(vals, user), nil
}

// mergeUser layers user-supplied values, keeping nulls so that they remove chart defaults later.
func mergeUser(base, over Values) Values {
	out := make(Values, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		baseMap, baseIsMap := out[k].(map[string]interface{})
		overMap, overIsMap := v.(map[string]interface{})
		if baseIsMap && overIsMap {
			out[k] = mergeUser(baseMap, overMap)
		} else {
			out[k] = v
		}
	}
	return out
}
