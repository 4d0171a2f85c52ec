// The class form shared by Add A Class and Update class (same fields and rules, one implementation).
export { ClassForm, type ClassFormProps } from './ClassForm';
export { EMPTY_CLASS_FORM, toFormValues, validateClass, type ClassFormValues, type ClassInput } from './classRules';
