import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { FormField, TextInput } from './FormField';

it('labels the control and shows the error in red, linked to it', () => {
  render(
    <ThemeProvider theme={theme}>
      <FormField label="Class name" error="Class name is required">
        <TextInput />
      </FormField>
    </ThemeProvider>,
  );
  const input = screen.getByLabelText('Class name');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('Class name is required');
  expect(screen.getByText('Class name is required')).toHaveStyle({ color: theme.colors.danger });
});
