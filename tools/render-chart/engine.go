package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	"gopkg.in/yaml.v2"
)

// Helm marks the messages of fail and required so that they survive Go's nested error text.
const (
	errStart = "HELM_ERR_START"
	errEnd   = "HELM_ERR_END"
)

const recursionLimit = 1000

// engine holds the chart's templates parsed into one set, as Helm's engine does.
type engine struct {
	set      *template.Template
	includes map[string]int
}

func newEngine(chartName, dir string) (*engine, []string, error) {
	e := &engine{includes: map[string]int{}}
	e.set = template.New("gotpl").Option("missingkey=zero").Funcs(e.funcs())
	paths, err := filepath.Glob(filepath.Join(dir, "templates", "*"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(paths)
	var names []string
	for _, path := range paths {
		info, err := os.Stat(path)
		if err != nil || info.IsDir() {
			continue
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		name := chartName + "/templates/" + filepath.Base(path)
		if _, err := e.set.New(name).Parse(string(text)); err != nil {
			return nil, nil, fmt.Errorf("parse error at (%s): %s", name, strings.TrimPrefix(err.Error(), "template: "))
		}
		names = append(names, name)
	}
	return e, names, nil
}

func (e *engine) funcs() template.FuncMap {
	funcs := sprig.TxtFuncMap()
	// Helm takes these out: a chart must not depend on the environment it is rendered in.
	delete(funcs, "env")
	delete(funcs, "expandenv")
	extra := template.FuncMap{
		"include":       e.include,
		"tpl":           e.tpl,
		"required":      required,
		"fail":          func(msg string) (string, error) { return "", errors.New(errStart + msg + errEnd) },
		"toYaml":        toYaml,
		"fromYaml":      fromYaml,
		"fromYamlArray": fromYamlArray,
		"toJson":        toJSON,
		"fromJson":      fromJSON,
		"fromJsonArray": fromJSONArray,
		// No cluster to ask: like `helm template`, every lookup finds nothing.
		"lookup": func(string, string, string, string) (map[string]interface{}, error) {
			return map[string]interface{}{}, nil
		},
	}
	for name, f := range extra {
		funcs[name] = f
	}
	return funcs
}

func (e *engine) include(name string, data interface{}) (string, error) {
	if e.includes[name] > recursionLimit {
		return "", fmt.Errorf("rendering template has a nested reference name: %s: unable to execute template", name)
	}
	e.includes[name]++
	defer func() { e.includes[name]-- }()
	var buf strings.Builder
	if err := e.set.ExecuteTemplate(&buf, name, data); err != nil {
		return "", err
	}
	return buf.String(), nil
}

func (e *engine) tpl(text string, data interface{}) (string, error) {
	clone, err := e.set.Clone()
	if err != nil {
		return "", err
	}
	name := "tpl"
	if top, ok := data.(map[string]interface{}); ok {
		if t, ok := top["Template"].(map[string]interface{}); ok {
			name = fmt.Sprint(t["Name"])
		}
	}
	parsed, err := clone.New(name).Parse(text)
	if err != nil {
		return "", fmt.Errorf("cannot parse template %q: %w", text, err)
	}
	var buf strings.Builder
	if err := parsed.Execute(&buf, data); err != nil {
		return "", fmt.Errorf("error during tpl function execution for %q: %w", text, err)
	}
	return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
}

func required(message string, value interface{}) (interface{}, error) {
	if value == nil {
		return value, errors.New(errStart + message + errEnd)
	}
	if text, ok := value.(string); ok && text == "" {
		return value, errors.New(errStart + message + errEnd)
	}
	return value, nil
}

// toYaml is sigs.k8s.io/yaml's Marshal: through JSON, then YAML with sorted keys.
func toYaml(v interface{}) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	var generic interface{}
	if err := yaml.Unmarshal(data, &generic); err != nil {
		return ""
	}
	out, err := yaml.Marshal(generic)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(out), "\n")
}

func fromYaml(text string) map[string]interface{} {
	m := map[string]interface{}{}
	vals, err := readValues([]byte(text), "fromYaml")
	if err != nil {
		m["Error"] = err.Error()
		return m
	}
	return vals
}

func fromYamlArray(text string) []interface{} {
	var raw interface{}
	if err := yaml.Unmarshal([]byte(text), &raw); err != nil {
		return []interface{}{err.Error()}
	}
	list, ok := jsonShaped(raw).([]interface{})
	if !ok {
		return []interface{}{"not a YAML list"}
	}
	return list
}

func toJSON(v interface{}) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(data)
}

func fromJSON(text string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func fromJSONArray(text string) []interface{} {
	var list []interface{}
	if err := json.Unmarshal([]byte(text), &list); err != nil {
		return []interface{}{err.Error()}
	}
	return list
}

// render executes one template with the chart's top-level objects and .Template set for it.
func (e *engine) render(name string, top map[string]interface{}) (string, error) {
	data := make(map[string]interface{}, len(top)+1)
	for k, v := range top {
		data[k] = v
	}
	data["Template"] = map[string]interface{}{"Name": name, "BasePath": filepath.Dir(name)}
	var buf bytes.Buffer
	if err := e.set.ExecuteTemplate(&buf, name, data); err != nil {
		return "", cleanError(name, err)
	}
	return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
}

var marked = regexp.MustCompile(errStart + `(?s)(.*?)` + errEnd)

// cleanError turns Go's chain of template errors into Helm's "execution error at (file:line:col): message".
func cleanError(name string, err error) error {
	text := err.Error()
	location := name
	if parts := strings.SplitN(text, ": ", 3); len(parts) == 3 && parts[0] == "template" {
		location = parts[1]
	}
	if m := marked.FindStringSubmatch(text); m != nil {
		return fmt.Errorf("execution error at (%s): %s", location, m[1])
	}
	return fmt.Errorf("execution error at (%s): %s", location, text)
}
